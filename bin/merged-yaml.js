#!/usr/bin/env node
// `npx merged-yaml` after `npm i -D unplugin-merged-yaml`: the command of @merged-yaml/cli, a
// dependency, linked under this package's name too (pnpm and a nested install link only the bins of
// the packages a project installs itself).
import '@merged-yaml/cli/bin'
