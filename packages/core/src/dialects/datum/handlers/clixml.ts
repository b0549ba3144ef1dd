// PowerShell's CLIXML (`PSSerializer.Deserialize`), as far as Datum.ProtectedData's payload needs:
// objects with member sets, lists, strings, integers, booleans, byte arrays, null and references.
// A small XML reader of our own: the payload is data, and no entity or DTD is ever expanded.

/** A deserialized value: member sets become objects, lists arrays, byte arrays Uint8Arrays. */
export type CliValue = string | number | boolean | null | Uint8Array | CliValue[] | { [member: string]: CliValue }

interface XmlElement {
  name: string
  attributes: Record<string, string>
  children: XmlElement[]
  text: string
}

export class CliXmlError extends Error {}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10))
    const known = ENTITIES[name]
    if (known === undefined) throw new CliXmlError(`unknown XML entity ${whole}`)
    return known
  })
}

/** Parses XML elements, text and attributes; declarations, comments and processing instructions are skipped. */
function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' }
  const stack = [root]
  const attributes = `((?:\\s+[\\w:.-]+\\s*=\\s*(?:"[^"]*"|'[^']*'))*)`
  const element = `<(\\/?)([\\w:.-]+)${attributes}\\s*(\\/?)>`
  const skipped = `<\\?[\\s\\S]*?\\?>|<!--[\\s\\S]*?-->`
  const tag = new RegExp(`${element}|${skipped}|<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>`, 'g')
  let last = 0
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    const between = xml.slice(last, match.index)
    if (/</.test(between)) throw new CliXmlError('malformed XML')
    stack.at(-1)!.text += decodeEntities(between)
    last = tag.lastIndex
    const [whole, closing, name, attributeText, selfClosing, cdata] = match
    if (cdata !== undefined) stack.at(-1)!.text += cdata
    if (!name || whole.startsWith('<?') || whole.startsWith('<!')) continue
    if (closing) {
      const open = stack.pop()
      if (!open || open.name !== name || stack.length === 0) throw new CliXmlError(`unexpected </${name}>`)
      continue
    }
    const attributes: Record<string, string> = {}
    for (const attribute of attributeText!.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attributes[attribute[1]!] = decodeEntities(attribute[2] ?? attribute[3] ?? '')
    }
    const element: XmlElement = { name, attributes, children: [], text: '' }
    stack.at(-1)!.children.push(element)
    if (!selfClosing) stack.push(element)
  }
  if (stack.length !== 1 || /</.test(xml.slice(last))) throw new CliXmlError('malformed XML')
  return root
}

const INTEGERS = new Set(['I16', 'I32', 'I64', 'U8', 'U16', 'U32', 'U64', 'SB', 'By'])

class Deserializer {
  private readonly refs = new Map<string, CliValue>()

  value(element: XmlElement): CliValue {
    const { name, text } = element
    if (name === 'Nil') return null
    if (name === 'S' || name === 'C' || name === 'URI' || name === 'G') return text
    if (INTEGERS.has(name)) return Number(text)
    if (name === 'Db' || name === 'Sg' || name === 'D') return Number(text)
    if (name === 'B') return text.trim().toLowerCase() === 'true'
    if (name === 'BA') return new Uint8Array(Buffer.from(text, 'base64'))
    if (name === 'Ref') {
      const known = this.refs.get(element.attributes.RefId ?? '')
      if (known === undefined) throw new CliXmlError(`unknown reference ${element.attributes.RefId}`)
      return known
    }
    if (name === 'Obj') return this.object(element)
    throw new CliXmlError(`the CLIXML element <${name}> is not supported here`)
  }

  private object(element: XmlElement): CliValue {
    const list = element.children.find(
      (c) => c.name === 'LST' || c.name === 'IE' || c.name === 'STK' || c.name === 'QUE',
    )
    let result: CliValue
    if (list) {
      result = list.children.map((child) => this.value(child))
    } else {
      const members: { [member: string]: CliValue } = {}
      for (const set of element.children.filter((c) => c.name === 'MS' || c.name === 'Props')) {
        for (const member of set.children) {
          const key = member.attributes.N
          if (key !== undefined) Object.defineProperty(members, key, { value: this.value(member), enumerable: true })
        }
      }
      result = members
    }
    if (element.attributes.RefId !== undefined) this.refs.set(element.attributes.RefId, result)
    return result
  }
}

/** `[PSSerializer]::Deserialize($xml)` for one object. */
export function deserializeCliXml(xml: string): CliValue {
  const root = parseXml(xml)
  const objs = root.children.find((c) => c.name === 'Objs')
  const [first] = objs?.children ?? []
  if (!first) throw new CliXmlError('no object in the CLIXML')
  return new Deserializer().value(first)
}
