// Deckhand reads documents with PyYAML's safe_load (YAML 1.1): its registry entry and its merge say so.
export const YAML_VERSION = '1.1'
