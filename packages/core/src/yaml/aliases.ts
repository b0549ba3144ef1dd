// What each alias of a document names, in one pass. `yaml`'s Alias.resolve walks the whole document
// for every alias it resolves (without a conversion context): a mapping of many alias keys made the
// duplicate-key check quadratic.
import type { Alias, Document, Node } from 'yaml'
import { yamlModule } from './yaml-module.ts'

/**
 * The node each alias names: the last node anchored with its name before it in document order, as
 * `yaml` resolves it (a collection's anchor comes before its items, so `&a [*a]` names itself).
 * Undefined for an alias whose anchor is not defined before it.
 */
export function aliasTargets(doc: Document): Map<Alias, Node | undefined> {
  const { isAlias, visit } = yamlModule()
  const anchors = new Map<string, Node>()
  const targets = new Map<Alias, Node | undefined>()
  visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) targets.set(node, anchors.get(node.source))
      else if (node.anchor) anchors.set(node.anchor, node)
    },
  })
  return targets
}
