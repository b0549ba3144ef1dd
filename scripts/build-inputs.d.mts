// Types of build-inputs.mjs, for the tests' global setup (test/setup/build.ts).
export declare const REPO: string
export declare const BUILD_STAMP: string
export declare const BUILD_OUTPUTS: string[]
export declare function hashBuildInputs(): string
