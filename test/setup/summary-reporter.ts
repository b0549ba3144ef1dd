// Said after vitest's own summary: which tests were skipped and why (their `(skipped: …)` titles, see
// test/helpers/available.ts), and whether the run changed the checkout. `git status` must read the
// same after a run as before it: tests write into temporary folders and .tmp/, never into tracked
// files. In CI (`CI=true`, a fresh clone) a change fails the run; locally, where an editor may save a
// file meanwhile, it is listed.
import { spawnSync } from 'node:child_process'
import { relative } from 'node:path'
import type { Reporter, TestModule, Vitest } from 'vitest/node'
import { IN_CI } from '../helpers/available.ts'

/** `git status` lines, or undefined outside a git checkout. */
function gitStatus(root: string): Set<string> | undefined {
  const git = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' })
  return git.status === 0 ? new Set(git.stdout.split('\n').filter(Boolean)) : undefined
}

/** What a skipped test shows: the title that says why (or its note), else its full name. */
function skipReason(fullName: string, note: string | undefined): { reason: string; said: boolean } {
  if (note) return { reason: `${fullName} [${note}]`, said: true }
  const said = fullName.split(' > ').find((title) => title.includes('(skipped: '))
  return said ? { reason: said, said: true } : { reason: fullName, said: false }
}

export default class SummaryReporter implements Reporter {
  private root = process.cwd()
  private statusBefore: Set<string> | undefined
  private filtered = false

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root
    this.filtered = vitest.config.testNamePattern !== undefined
    this.statusBefore = gitStatus(this.root)
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    this.reportSkips(testModules)
    this.reportTreeChanges()
  }

  private reportSkips(testModules: ReadonlyArray<TestModule>): void {
    const lines: string[] = []
    for (const module of [...testModules].sort((a, b) => a.moduleId.localeCompare(b.moduleId))) {
      const counts = new Map<string, number>()
      for (const test of module.children.allTests('skipped')) {
        const result = test.result()
        const note = result.state === 'skipped' ? result.note : undefined
        const { reason, said } = skipReason(test.fullName, note)
        // With `-t`, every test left out is "skipped": only those that say why are listed then.
        if (said || !this.filtered) counts.set(reason, (counts.get(reason) ?? 0) + 1)
      }
      for (const [reason, count] of counts) {
        lines.push(`   ${relative(this.root, module.moduleId)}: ${reason}${count > 1 ? ` (${count} tests)` : ''}`)
      }
    }
    if (lines.length > 0) console.log(`\n Skipped, and why:\n${lines.join('\n')}\n`)
  }

  private reportTreeChanges(): void {
    const after = this.statusBefore && gitStatus(this.root)
    if (!after) return
    const changed = [...after].filter((line) => !this.statusBefore!.has(line))
    if (changed.length === 0) return
    const list = changed.map((line) => `   ${line}`).join('\n')
    if (IN_CI) {
      console.error(`\n The tests changed the checkout (CI=true: the run fails):\n${list}\n`)
      process.exitCode = 1
    } else {
      console.log(`\n The checkout changed during the run (by a test, or an editor):\n${list}\n`)
    }
  }
}
