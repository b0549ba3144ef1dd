// The engine's diagnostic codes (gathering, reading YAML, limits, options), with the line the docs give
// each, and `ErrorCode`, the union of every code. Each dialect brings its own table through its registry
// entry (`Dialect.codes`): the whole table, `ERROR_CODES`, is put together in dialects/registry.ts, above
// the dialects, so that nothing here imports back up the house; the registry also declares the tables
// into `MergedYamlDialectCodes`, from which `ErrorCode` takes the dialects' codes. A test checks that
// every code the sources use is in the table, that every code there is used, and that docs/errors.md
// lists them all.

export const ENGINE_CODES = {
  MY_INVALID_OPTION:
    'An option of render(), the plugin or the CLI is malformed, or unknown (it names the option meant) (every mode).',
  MY_INTERNAL: 'A bug: the engine failed on this input without a diagnostic of its own; please report it.',
  MY_FILE_NOT_FOUND: "The entry, a file a dialect's options name, or the entry's schema file, does not exist.",
  MY_FILE_UNREADABLE: 'A file, or a folder a glob walks, that cannot be read (permissions, an I/O error).',
  MY_FILE_TOO_LARGE: 'A file over `limits.maxFileSize`.',
  MY_CONFIG_FILE:
    'The project config file (`merged-yaml.config.*`) cannot be loaded: it does not parse, throws, or exports ' +
    'something other than an object of data (a function is not data).',
  MY_DTS_NOT_OURS:
    'A warning of the plugin: a declaration (`*.merged.d.yaml.ts`, the ambient file) or its `.map` that it did not ' +
    'write (no generated header or marker) is left as it is, neither rewritten nor deleted. A file empty or cut ' +
    "short at the start of the plugin's header, as another process's write of it shows mid-way (Turbopack's loader " +
    "processes), counts as the plugin's; a link is named as one (replace it by a plain file).",
  MY_DTS_UNWRITABLE:
    'A warning of the plugin: a declaration or its `.map` that could not be written (a read-only folder, a full ' +
    'disk); once per build, the output unaffected (`dts: false` turns declarations off).',
  MY_SERVER_ONLY:
    'An error of the plugin: a client build imports a server-only entry (`*.server.merged.yaml`, the `serverOnly` ' +
    'option, or a Datum store that decrypts); the message names the chain of importers (docs/plugin.md).',
  MY_INCLUDE_NOT_FOUND:
    'An include line names a file that does not exist (prefix the line with `?` to make it optional).',
  MY_OPTIONAL_LAYER_IN_PRODUCTION:
    'A warning: an optional include (`?local.yaml`) found its file in a production build (`${mode}` is ' +
    "`production`), whose output then holds that file's values.",
  MY_INCLUDE_NO_MATCH: 'A glob include line that matches no file (prefix it with `?` when that is expected).',
  MY_INCLUDE_INVALID: 'An include line with an invalid `file://` URL or glob pattern.',
  MY_INCLUDE_REMOTE: 'An `http(s)://` or other URL include: a build does not fetch from the network.',
  MY_INCLUDE_OUTSIDE_ROOT:
    'An include that leaves `root` and every `allow` folder (through `..`, a link, an absolute path).',
  MY_INCLUDE_DENIED: 'An include of a file the `deny` option keeps out of builds.',
  MY_INCLUDE_IS_DIRECTORY: 'An include names a folder.',
  MY_INCLUDE_NOT_A_FILE: 'An include names a FIFO, socket or device.',
  MY_INCLUDE_CYCLE:
    'Files that include each other (the message prints the chain), or an included symbolic link that loops.',
  MY_INCLUDE_DEPTH: 'Includes nested deeper than `limits.maxIncludeDepth`.',
  MY_INCLUDE_COUNT: 'More files in one entry than `limits.maxIncludeCount`.',
  MY_INCLUDE_EXPANSION:
    'More includes expanded in one entry than `limits.maxIncludes`, a file counted each time it is included (files ' +
    'that include the same files again multiply).',
  MY_ENTRY_TOO_LARGE:
    'The text of all parts of one entry together, a file counted each time it is included, or what its gzip ' +
    'content decodes to together, over `limits.maxEntrySize`.',
  MY_INCLUDE_VARIABLE_NOT_A_NAME:
    'A `${name}` in an include line whose value is no name: `.`, `..`, or one holding `/`, `\\` or NUL (a mode ' +
    'or a `vars` value names a file or folder, never a path).',
  MY_INCLUDE_UNKNOWN_VARIABLE:
    'A `${name}` in an include line that is not a key of `vars` (with the known ones and a did-you-mean).',
  MY_GLOB_TOO_MANY: 'A glob include line matching more files than `limits.maxGlobMatches`.',
  MY_GLOB_WALK_LIMIT:
    'Glob include lines that visit more folder entries in one entry than `limits.maxGlobEntries` while walking.',
  MY_GLOB_LINK_LOOP: 'A warning: symbolic links that loop (ELOOP) met by a glob include line, skipped (named).',
  MY_TOO_MANY_WARNINGS:
    'More warnings in one render than `limits.maxWarnings`; the message says how many were dropped.',
  MY_MIME_INVALID: 'A MIME message that cannot be read (a bad boundary, encoding or charset).',
  MY_MIME_TOO_DEEP: 'Multiparts nested deeper than `limits.maxIncludeDepth`.',
  MY_MIME_TOO_MANY_PARTS: 'More MIME parts in one entry than `limits.maxMimeParts`.',
  MY_GZIP_INVALID: 'gzip content that cannot be decompressed.',
  MY_DECODED_TOO_LARGE: 'A part larger than `limits.maxDecodedSize` once decoded or decompressed.',
  MY_ARCHIVE_NOT_A_LIST: 'A `#cloud-config-archive` that is not a YAML list: cloud-init reads it as empty.',
  MY_ARCHIVE_ENTRY: 'An archive entry that is neither a string nor a mapping: cloud-init skips it.',
  MY_ARCHIVE_HEADER: "An archive entry's header that is not a string (cloud-init aborts; every mode).",
  MY_JINJA_UNSUPPORTED:
    'A `## template: jinja` part: rendered by cloud-init at boot with instance data a build does not have.',
  MY_PART_UNHANDLED:
    'A part no merge handles (a shell script, a boothook, binary archive content): skipped, with a warning in both ' +
    'modes.',
  MY_DIALECT_MIXED: "An entry mixing two dialects' directives (every mode for two non-default dialects).",
  MY_HEADER_NEAR_MISS:
    'A first line that is nearly a header (`#inclde`, `# include`, `#cloud_config`) but is none, with the ' +
    'did-you-mean; lenient mode reads the part as YAML, as cloud-init does.',
  MY_DIRECTIVE_NEAR_MISS:
    "A top-level key that is nearly a dialect's directive (`merge_hwo`, `Merge-How`, `lookup_option`), which every " +
    'reference system reads as data; lenient mode does too, with a warning (with the did-you-mean).',
  MY_DIALECT_JSONP: 'A `#cloud-config-jsonp` part in an entry of another dialect than cloud-init (every mode).',
  MY_YAML_SYNTAX: 'Invalid YAML (cloud-init skips such a part; the other dialects fail in every mode).',
  MY_YAML_DUPLICATE_KEY: 'A key twice in one mapping; PyYAML keeps the last value, and so does lenient mode.',
  MY_YAML_VERSION_AMBIGUOUS:
    'With `yamlVersion` unset in a cloud-init entry: a scalar, key, merge key, tag or block-scalar ending YAML 1.1 ' +
    'and 1.2 read differently (`0644`, `yes`); lenient mode reads it as 1.2 (docs/yaml-versions.md).',
  MY_YAML_UNREADABLE_SCALAR:
    'Under YAML 1.1, a scalar PyYAML resolves but cannot construct (`0x_`, `=`), as PyYAML fails.',
  MY_YAML_UNKNOWN_TAG:
    'Under YAML 1.1, a tag PyYAML has no constructor for (`!!python/object:…`, `!foo`), as `safe_load` fails.',
  MY_YAML_ALIAS_LIMIT: 'More alias expansion in one document than `limits.maxAliasCount` (billion laughs).',
  MY_YAML_TOO_DEEP: 'Mappings and lists nested deeper than `limits.maxDepth` in one document.',
  MY_YAML_BAD_ALIAS: 'A warning of the YAML reader: an anchor or alias ending in `:`, which reads ambiguously.',
  MY_YAML_BAD_DIRECTIVE: 'A warning of the YAML reader: an unknown `%` directive, ignored.',
  MY_YAML_TAG_NEAR_MISS:
    "A tag that is nearly Docker Compose's `!override` or `!reset` (`!overide`, `!Override`, `!rest`), located at " +
    'the tag with the did-you-mean in every YAML version; lenient mode reads the value without it.',
  MY_YAML_TAG_RESOLVE_FAILED:
    'With `yamlVersion` chosen, a tag the YAML reader cannot apply (`!foo`; `!!bool yes` in 1.2): an error in ' +
    'strict mode; lenient mode reads the plain value (unset, PyYAML raising on a tag is MY_YAML_VERSION_AMBIGUOUS).',
  MY_YAML_BAD_COLLECTION_TYPE:
    'A collection tag on the wrong kind of collection (`!!set [a]`; PyYAML raises): an error in strict mode; ' +
    'lenient mode reads the collection without it.',
  MY_YAML_UNSUPPORTED:
    "What a Datum store file's YAML reader (powershell-yaml's) has no value for: a collection as a key, " +
    '`!!timestamp`, a tag that does not fit, an alias inside its anchor (every mode).',
  MY_PSD1_SYNTAX:
    'A PowerShell data file (`.psd1`) that cannot be read: an unclosed string or comment, a missing `}` (every mode).',
  MY_PSD1_NOT_DATA:
    'A `.psd1` value outside the data language — a variable, command, cast, operator, script block or `$(…)` ' +
    '(every mode, as Import-PowerShellDataFile refuses it).',
  MY_PSD1_DUPLICATE_KEY:
    'A `.psd1` hashtable with a key twice, keys ignoring case (every mode, as PowerShell refuses it).',
  MY_PSD1_TOO_DEEP: 'A `.psd1` value nested deeper than `limits.maxDepth` (every mode).',
  MY_VALUE_CYCLE: 'A value that contains itself (an alias inside its own anchor, a JSON-patch copy into itself).',
  MY_VALUE_TOO_DEEP: 'A document or the merged value nested deeper than `limits.maxDepth`.',
  MY_VALUE_TOO_LARGE: 'A document or the merged value larger than `limits.maxValueSize` written out.',
  MY_SCHEMA_VIOLATION:
    'The merged value breaks its JSON Schema (or a Deckhand document its DataSchema), located at the layer line ' +
    'that set the value, or that last touched the object missing a required key; a warning with `strict: false`. ' +
    "An issue of a Standard Schema (Zod, Valibot, ArkType) too, with the library's message.",
  MY_SCHEMA_INVALID:
    'A schema that cannot be used: not JSON or YAML, not a valid JSON Schema of its draft, an unresolvable `$ref` ' +
    '(every mode).',
  MY_SCHEMA_REMOTE:
    'A yaml-language-server modeline naming an `http(s)://` schema, which a build cannot fetch: a warning, and the ' +
    'value is checked against the `schema` option only.',
  MY_SCHEMA_MODULE:
    'A Standard Schema module the `schema` option names that cannot be used: it does not load (a syntax error, ' +
    'a missing import, an error while it runs), has no such export, or its export is no Standard Schema ' +
    '(`~standard`, version 1); located at the schema file (every mode).',
  MY_SCHEMA_THREW:
    'A Standard Schema whose `validate` threw (or whose promise rejected) instead of returning issues; located at ' +
    "the schema's export, with its error (every mode).",
  MY_SCHEMA_OUTPUT:
    "A Standard Schema's output (its transforms, coercions, defaults applied) that is no data a module can export " +
    '(a Date, a Map, a function, `undefined`, a cycle): located at the layer line that set the value there ' +
    '(every mode).',
  MY_SCHEMA_ASYNC:
    '`renderSync()` (or `PreparedEntry.render()`) on an entry whose schema is a Standard Schema module, which only ' +
    '`render()` can load and await.',
  MY_REGEX_UNSUPPORTED:
    'A regular expression from data (a Deckhand pattern, a Datum `lookup_options` key or knockout prefix, a JSON ' +
    'Schema `pattern`) that the linear-time engine cannot run as its reference reads it: a lookaround, a ' +
    'backreference (every mode: a backtracking engine could block the build).',
} as const

/** A code of the engine's own table. */
type EngineCode = keyof typeof ENGINE_CODES

declare global {
  /**
   * Each registered dialect's code table by the dialect's name: dialects/registry.ts fills it from its
   * entries' `codes`. Global, not a module augmentation: the published declarations bundle the modules,
   * and a relative module name would not resolve there (rolldown-plugin-dts keeps it as written).
   */
  interface MergedYamlDialectCodes {}
}

/** Each registered dialect's code table by the dialect's name. */
type DialectCodeTables = MergedYamlDialectCodes

/** A code of a dialect's table. */
type DialectCode = { [Name in keyof DialectCodeTables]: keyof DialectCodeTables[Name] }[keyof DialectCodeTables]

/** Every diagnostic code the engine, the plugin and the CLI report. */
export type ErrorCode = EngineCode | DialectCode
