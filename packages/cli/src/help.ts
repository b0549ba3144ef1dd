// `--help` text of the program and of each command. The dialects' names and flags come from the
// dialect registry.
import { DIALECT_NAMES, DIALECT_SURFACES } from '@merged-yaml/core/internal'
import { ENGINE_OPTIONS } from './args.ts'
import { PROVENANCE_DETAIL } from './provenance-detail.ts'

const COMMANDS = ['render', 'check', 'explain', 'types', 'schema', 'sync'] as const
export type CommandName = (typeof COMMANDS)[number]

/** `a, b, c or d`. */
const listed = (names: readonly string[]): string => `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`

/**
 * A flag's help: the flag and its value in a column of 29, then the description, wrapped at 100
 * characters; a flag too wide for the column has its description on the next line.
 */
/** A paragraph broken into lines of at most 100 characters. */
function wrap(text: string): string {
  return text.replace(/(.{1,100})(?: |$)/g, '$1\n').trimEnd()
}

function flagLine(flag: string, description: string): string {
  const indent = ' '.repeat(31)
  const lines: string[] = []
  let line = ''
  for (const word of description.split(' ')) {
    if (line && indent.length + line.length + 1 + word.length > 100) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  lines.push(line)
  const head = flag.length < 29 ? `  ${flag.padEnd(29)}${lines.shift()}` : `  ${flag}`
  return [head, ...lines.map((text) => indent + text)].join('\n')
}

// cloud-init's flags (`--stack`, `--merge-how`) are listed with the engine's, whose aliases they are.
const DIALECT_FLAG_LINES = DIALECT_SURFACES.flatMap(({ flags }) =>
  flags
    .filter(({ flag }) => !Object.hasOwn(ENGINE_OPTIONS, flag))
    .map(({ flag, value, description }) => flagLine(value ? `--${flag} ${value}` : `--${flag}`, description)),
).join('\n')

const ENGINE_FLAGS = `Engine options (those of render() and the bundler plugin):
  --stack <scoped|per-part>    which merge_how applies to later parts (default: scoped)
  --strict / --no-strict       fail on what the reference system would skip (default: strict)
  --yaml-version <1.2|1.1>     1.1 reads YAML like PyYAML (default: the dialect's; cloud-init refuses
                               a scalar the two versions read differently)
  --merge-how <string>         merger set for parts that declare none
                               (default: dict(replace)+list()+str())
  --root <dir>                 paths are shown relative to this folder (default: the working
                               directory); given, includes may read only inside it and --allow
  --allow <dir>                a folder includes may read (repeatable; default: the workspace root
                               around the working directory, as Vite finds it)
  --deny <glob>                files no include may read (repeatable; replaces the default
                               .env, .env.*, *.{crt,pem,key}, **/.git/**)
  --var <name=value>           a \${name} for include lines (repeatable)
  --mode <mode>                shorthand for --var mode=<mode> (default: NODE_ENV, else development);
                               check, types and schema take it repeated: every mode is used (check
                               and types, by default: development and production, the plugin's modes)
  --schema <file>              the JSON Schema the merged value must meet (default: the entry's
                               '# yaml-language-server: $schema=…' line)
  --no-validate                check no schema (neither the entry's, nor Deckhand's DataSchemas)
${flagLine('--dialect <name>', `${listed(DIALECT_NAMES)} instead of detecting it`)}
${DIALECT_FLAG_LINES}
  --config <file>              the config file (default: the nearest merged-yaml.config.{ts,mts,js,
                               mjs,json,yaml} from the working directory up); a flag given wins over it
  --no-config                  read no config file
  -h, --help                   show this help`

const EXIT_CODES = `Exit codes: 0 ok, 1 diagnostics (errors, or too many warnings), 2 usage error.`

const HELP: Record<CommandName | 'main', string> = {
  main: `merged-yaml — render, check and explain *.merged.yaml entries without a bundler

Usage:
  merged-yaml render <entry> [--format yaml|json] [engine options]
  merged-yaml check <entries or globs…> [--mode <mode>]… [--format text|json] [--max-warnings <n>]
                    [engine options]
  merged-yaml explain <entry> [key.path] [--format text|json|html] [--compare <mode>] [engine options]
  merged-yaml types <entry> [--mode <mode>]… [--as-const] [engine options]
  merged-yaml schema <entries or globs…> [--mode <mode>]… [--format json|yaml] [engine options]
  merged-yaml sync [entries…] [--list-inputs] [--config <file> | --no-config]
  merged-yaml help [command]

Commands:
  render    print the merged value
  check     validate entries (for CI and pre-commit); every diagnostic, located
  explain   which part (file:line) set each value and which merger decided
  types     the TypeScript declaration the bundler plugin writes for the entry
  schema    a JSON Schema inferred from the merged value(s), to start the entry's own
  sync      write every entry's declaration as the bundler plugin does (run it from "prepare")

Every command reads the project's merged-yaml.config.* (the plugin's options); flags override it.

Run 'merged-yaml <command> --help' for the flags of a command.
Colours are used only on a terminal, and never when NO_COLOR is set.
${EXIT_CODES}

Options:
  -h, --help       show this help
  -v, --version    print the version`,

  render: `Usage: merged-yaml render <entry> [--format yaml|json] [engine options]

Prints the merged value of <entry> to stdout. Warnings and errors go to stderr.

Options:
  --format <yaml|json>         output format (default: yaml)

${ENGINE_FLAGS}

${EXIT_CODES}

Example:
  merged-yaml render config/app.merged.yaml --mode production --format json`,

  check: `Usage: merged-yaml check [entries or globs…] [--mode <mode>]… [--format text|json] [--max-warnings <n>]
       [engine options]

Without entries: the project's, as the config file's include takes them (by default every
*.merged.yaml and *.merged.yml outside node_modules and build output), in the config's modes.

Renders every entry independently, in every mode it can be built in (each --mode; by default
development and production, the bundler plugin's modes), and reports every diagnostic with the
modes it occurs in: file:line:col, the code frame and the include chain. Globs
('config/**/*.merged.yaml', quoted so the shell leaves them alone) are expanded in sorted order,
node_modules excluded.

Options:
  --format <text|json>         json prints { ok, modes, errorCount, warningCount,
                               entries: [{ file, modes, ok, diagnostics, warnings }] } (default: text)
  --max-warnings <n>           fail (exit 1) when there are more than n warnings in all
                               (default: warnings never fail; use 0 to fail on any)

${ENGINE_FLAGS}

${EXIT_CODES}

Example:
  merged-yaml check 'config/**/*.merged.yaml' --max-warnings 0`,

  explain: `Usage: merged-yaml explain <entry> [key.path] [--format text|json|html] [--compare <mode>] [engine options]

For each value of the merged result (or only the one at key.path), lists what happened to it in
merge order: which part (file:line:col) set, merged, replaced, kept, appended or deleted it, with
the merger that decided (dict(replace), list(append), json-patch(add), …), overridden values
included. Key paths: server.port, packages[0] (or packages.0), ["key.with.dots"].
${wrap(PROVENANCE_DETAIL)}

Options:
  --format <text|json|html>    output format (default: text); html: the inspector's page for the
                               whole entry as one self-contained file (no network), for CI artifacts
  --compare <mode>             with --format html: the entry in this mode beside it, differences marked

${ENGINE_FLAGS}

Exit codes: 0 ok, 1 diagnostics or no value at key.path, 2 usage error.

Examples:
  merged-yaml explain config/app.merged.yaml server.port
  merged-yaml explain config/app.merged.yaml --format html --compare production > report.html`,

  types: `Usage: merged-yaml types <entry> [--mode <mode>]… [--as-const] [engine options]

Prints the TypeScript declaration the bundler plugin writes beside the entry (app.merged.d.yaml.ts),
as a one-off build writes it: across the modes the plugin's modes option gives (each --mode; by
default development and production), from the entry's JSON Schema when it has one (its modeline, or
--schema); else from the merged values' shape.

Options:
  --as-const                   literal, readonly types (the plugin's dts.asConst)

${ENGINE_FLAGS}

${EXIT_CODES}

Example:
  merged-yaml types config/app.merged.yaml > config/app.merged.d.yaml.ts`,

  schema: `Usage: merged-yaml schema <entries or globs…> [--mode <mode>]… [--format json|yaml] [engine options]

Prints a draft 2020-12 JSON Schema inferred from the merged value: a starting point for the entry's
own schema. Every key is a property, objects allow no other keys, and a key is required where every
value has it — every item of a list, every mode when --mode is given several times, and every entry
when several are given (one schema for a family of entries).

Options:
  --mode <mode>                render in this mode (repeatable: one value per mode)
  --format <json|yaml>         output format (default: json)

${ENGINE_FLAGS}

${EXIT_CODES}

Example:
  merged-yaml schema config/app.merged.yaml --mode development --mode production > config/app.schema.json`,

  sync: `Usage: merged-yaml sync [entries…] [--list-inputs] [--config <file> | --no-config]

Writes the declaration (app.merged.d.yaml.ts and its map, or the ambient file) of every entry of the
project — the config file's include, by default every *.merged.yaml and *.merged.yml outside
node_modules and build output — exactly as the bundler plugin writes it: the installed
unplugin-merged-yaml writes them, from the config file's options alone, across its modes. Run it
before the type checker: "prepare": "merged-yaml sync" in package.json. An entry that does not render
in one of the modes fails it (exit 1), every error located; the others are still written.

Options:
  --list-inputs                print every file the entries read or look for (optional layers, glob
                               folders), one a line, relative to the working directory: the inputs
                               of a build cache (Turborepo, Nx); writes nothing
  --config <file>              the config file (default: the nearest merged-yaml.config.* upward, within the workspace)
  --no-config                  read no config file
  -h, --help                   show this help

${EXIT_CODES}

Example:
  merged-yaml sync && tsc -b`,
}

export function helpText(command?: CommandName): string {
  return `${HELP[command ?? 'main']}\n`
}

export function isCommand(name: string): name is CommandName {
  return (COMMANDS as readonly string[]).includes(name)
}
