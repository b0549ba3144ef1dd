// Every property test of a file starts from the run's seed (test/setup/property-seed.ts): a
// counterexample found in CI replays with the seed fast-check prints beside it.
import * as fc from 'fast-check'
import { resolvePropertySeed } from './property-seed.ts'

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: resolvePropertySeed(process.env.PROPERTY_SEED) })
