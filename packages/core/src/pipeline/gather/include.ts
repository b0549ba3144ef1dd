// An `#include` list (cloud-init's `_do_include`) with our build-time rules on top: paths relative to
// the including file, `file://` URLs, globs in sorted order, `?optional` lines, `${var}`s, no URLs,
// confinement, cycles and depth.
import { boundedMemo } from '../../memo.ts'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ErrorCode } from '../../codes.ts'
import { MergedYamlError } from '../../diagnostics.ts'
import { problemAt } from './context.ts'
import { missingIncludeHint } from './include-hint.ts'
import type { GatherContext } from './context.ts'
import { splitGlob, walkGlob } from './glob-walk.ts'
import type { GlobWalk } from './glob-walk.ts'
import { parseIncludeLines, remoteScheme } from './include-lines.ts'
import type { IncludeLine } from './include-lines.ts'
import type { GatheredItem, Gathering } from './types.ts'

// Every entry that includes `base.yaml` from the same folder resolves the same path.
const resolvedTargets = boundedMemo<string, string>(
  'gather: include targets resolved against their folder',
  'path resolution is pure',
  4096,
)

function resolveTarget(base: string, target: string): string {
  return resolvedTargets.get(`${base}\0${target}`, () => resolve(base, target))
}

/** An `#include` / `#include-once` list: each line's file (or glob's matches) expanded in place. */
export function expandInclude(text: string, ctx: GatherContext, gathering: Gathering): GatheredItem[] {
  const { lines, problems } = parseIncludeLines(text, gathering.options.vars)
  for (const problem of problems) {
    const { code, message, line, column, suggestion } = problem
    gathering.report.error(problemAt(ctx, code, message, line, column, suggestion))
  }
  const items: GatheredItem[] = []
  // Each line, and each file of a glob, is on its own: one that fails does not hide the others' errors.
  for (const line of lines) gathering.report.collect(() => expandLine(line, ctx, gathering, items))
  return items
}

function expandLine(line: IncludeLine, ctx: GatherContext, gathering: Gathering, items: GatheredItem[]): void {
  const base = dirname(ctx.file)
  const at = { ctx, line: line.line, column: line.column }
  const fail = (code: ErrorCode, message: string): never =>
    gathering.report.fail(problemAt(ctx, code, message, line.line, line.column))
  const scheme = remoteScheme(line.target)
  if (scheme)
    fail(
      'MY_INCLUDE_REMOTE',
      `'${line.target}' is a ${scheme} URL: includes are read at build time from local files only`,
    )
  let target = line.glob ? line.pattern : line.target
  if (/^file:\/\//i.test(target)) {
    try {
      target = fileURLToPath(target)
    } catch (error) {
      fail('MY_INCLUDE_INVALID', `invalid file URL '${line.target}': ${(error as Error).message}`)
    }
  }
  const absolute = resolveTarget(base, target)
  let paths: string[]
  if (line.glob) {
    gathering.inputs.globs.push(absolute)
    // resolve() normalises plain `..` segments; one left inside braces or after a wildcard would
    // make the walk itself leave the root before any match is confined.
    if (/(?:^|[\\/{,(|])\.\.(?:$|[\\/},)|])/.test(absolute)) {
      fail(
        'MY_INCLUDE_OUTSIDE_ROOT',
        `'${line.target}' has '..' inside a glob pattern, which could walk outside the folders ` +
          `includes may read; write the folder before the wildcard without '..'`,
      )
    }
    // From the folder before the first wildcard, by its real path: a link out of the root is refused
    // before anything is walked (tinyglobby given an absolute pattern also crawls from far above).
    const { cwd, rest } = splitGlob(absolute)
    gathering.confinement.confine(cwd, at, line.target, false)
    let walk: GlobWalk
    try {
      walk = walkGlob(cwd, rest, {
        realpath: (path) => gathering.confinement.realpath(path),
        inside: (real) => gathering.confinement.inside(real),
        countEntries: (count) => gathering.countGlobEntries(count, at),
      })
    } catch (error) {
      if (error instanceof MergedYamlError) throw error
      // picomatch compiles the pattern to a RegExp, which a long or odd pattern can break.
      const pattern = line.target.length > 200 ? `${line.target.slice(0, 200)}…` : line.target
      return fail('MY_INCLUDE_INVALID', `invalid glob pattern '${pattern}': ${(error as Error).message.slice(0, 200)}`)
    }
    if (walk.linkOut !== undefined)
      fail(
        'MY_INCLUDE_OUTSIDE_ROOT',
        `'${line.target}' meets the symbolic link '${walk.linkOut}', which leads outside the folders includes ` +
          `may read; its target is neither walked nor included (add it to the 'allow' option to permit it)`,
      )
    if (walk.unreadable !== undefined)
      fail(
        'MY_FILE_UNREADABLE',
        `'${line.target}' could not be matched: the folder '${walk.unreadable.folder}' cannot be read ` +
          `(${walk.unreadable.code})`,
      )
    if (walk.loops.length > 0)
      gathering.report.warn(
        problemAt(
          ctx,
          'MY_GLOB_LINK_LOOP',
          `'${line.target}' meets symbolic links that loop (ELOOP), skipped: ${walk.loops.slice(0, 5).join(', ')}` +
            (walk.loops.length > 5 ? ` and ${walk.loops.length - 5} more` : ''),
          line.line,
          line.column,
        ),
      )
    paths = walk.paths
    if (paths.length > gathering.options.limits.maxGlobMatches)
      fail(
        'MY_GLOB_TOO_MANY',
        `'${line.target}' matches ${paths.length} files, over the limit of ` +
          `${gathering.options.limits.maxGlobMatches} (limits.maxGlobMatches)`,
      )
    if (paths.length === 0) {
      gathering.inputs.missing.push(absolute)
      if (!line.optional)
        fail('MY_INCLUDE_NO_MATCH', `'${line.target}' matches no file (prefix the line with '?' if that is expected)`)
    }
  } else {
    paths = [absolute]
  }
  for (const path of paths) gathering.report.collect(() => includePath(path, line, ctx, gathering, items))
}

function includePath(
  path: string,
  line: IncludeLine,
  ctx: GatherContext,
  gathering: Gathering,
  items: GatheredItem[],
): void {
  const base = dirname(ctx.file)
  const at = { ctx, line: line.line, column: line.column }
  const fail = (code: ErrorCode, message: string): never =>
    gathering.report.fail(problemAt(ctx, code, message, line.line, line.column))
  const { real, exists } = gathering.confinement.check(path, at, line.target)
  if (real !== path && !gathering.inputs.links.includes(path)) gathering.inputs.links.push(path)
  if (!exists) {
    gathering.inputs.missing.push(path)
    if (line.optional) return
    const written = relative(base, path) || path
    const { hint, suggestion } = missingIncludeHint(path, written, (file) => gathering.confinement.isDenied(file))
    gathering.report.fail(
      problemAt(
        ctx,
        'MY_INCLUDE_NOT_FOUND',
        `included file not found: ${written}${hint}`,
        line.line,
        line.column,
        suggestion,
      ),
    )
  }
  if (gathering.active.includes(real) || gathering.active.includes(path)) {
    const cycle = [
      ...gathering.active.slice(gathering.active.indexOf(gathering.active.includes(real) ? real : path)),
      real,
    ]
    fail('MY_INCLUDE_CYCLE', `include cycle: ${cycle.map((f) => relative(gathering.options.root, f) || f).join(' → ')}`)
  }
  if (line.once && gathering.onceMerged.has(real)) return
  gathering.onceMerged.add(real)
  gathering.countInclude(at)
  if (ctx.depth + 1 > gathering.options.limits.maxIncludeDepth)
    fail(
      'MY_INCLUDE_DEPTH',
      `includes nest deeper than ${gathering.options.limits.maxIncludeDepth} levels (limits.maxIncludeDepth)`,
    )
  const bytes = gathering.read(real, at)
  if (line.optional || line.glob) gathering.inputs.optional.push(real)
  // A layer meant for one machine (`?local.yaml`) is said once in a production build: it goes to users.
  if (line.optional && !line.glob && gathering.options.vars.mode === 'production')
    gathering.report.warn(
      problemAt(
        ctx,
        'MY_OPTIONAL_LAYER_IN_PRODUCTION',
        `the optional layer '${relative(base, real) || real}' exists and is included in this production ` +
          "build: its values reach the output (give production builds an entry of their own, or '?local.${mode}.yaml')",
        line.line,
        line.column,
      ),
    )
  const chain = [
    ...ctx.chain,
    { file: ctx.file, line: ctx.lineOffset !== undefined ? ctx.lineOffset + line.line + 1 : ctx.anchor.line },
  ]
  items.push(...gathering.file(real, bytes, chain, ctx.depth + 1))
}
