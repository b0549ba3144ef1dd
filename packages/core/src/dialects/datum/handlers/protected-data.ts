// Datum.ProtectedData's `[ENC=…]` handler with a password (the `PlainTextPassword` its Datum.yml
// entry names), ported from the ProtectedData module (4.1.x) it calls: the value is base64 of the
// CLIXML of a protected-data object. A key-data entry whose `Hash` is PBKDF2-SHA1(password, HashSalt)
// holds the AES key and IV, each AES-CBC encrypted with PBKDF2-SHA1(password, Salt) (32 key bytes,
// 16 IV bytes); the HMAC-SHA256 of the cipher text, keyed with SHA-256(key), must match; the plain
// text is a string (UTF-8), a SecureString (UTF-16), a PSCredential or bytes. Certificates are
// not supported (there is no certificate store here).
import { createDecipheriv, createHash, createHmac, pbkdf2Sync, timingSafeEqual } from 'node:crypto'
import { deserializeCliXml } from './clixml.ts'
import type { CliValue } from './clixml.ts'
import { PsCredential, PsSecureString } from './ps-values.ts'

export class ProtectedDataError extends Error {}

// Test-ProtectedDatumFilter.
const FILTER = /^\[ENC=[\w\W]*\]$/

// ProtectedData's marker before a serialized PSCredential.
const CREDENTIAL_HEADER = Buffer.from([5, 12, 19, 75, 80, 20, 19, 11, 11, 6, 11, 13])

/** Test-ProtectedDatumFilter: a string that is `[ENC=…]` once trimmed. */
export function isProtectedDatum(text: string | undefined): boolean {
  return text !== undefined && FILTER.test(text.trim())
}

function member(object: CliValue, name: string): CliValue | undefined {
  if (typeof object !== 'object' || object === null || Array.isArray(object) || object instanceof Uint8Array) {
    return undefined
  }
  return object[name]
}

function bytes(object: CliValue, name: string): Buffer {
  const value = member(object, name)
  if (!(value instanceof Uint8Array)) throw new ProtectedDataError(`the protected data has no byte array ${name}`)
  return Buffer.from(value)
}

function decryptAes(cipherText: Buffer, key: Buffer, iv: Buffer): Buffer {
  try {
    const decipher = createDecipheriv(`aes-${key.length * 8}-cbc`, key, iv)
    return Buffer.concat([decipher.update(cipherText), decipher.final()])
  } catch {
    throw new ProtectedDataError('the protected data could not be decrypted (AES)')
  }
}

function plainValue(plain: Buffer, type: string): unknown {
  switch (type) {
    case 'System.String':
      return plain.toString('utf8')
    case 'System.Security.SecureString':
      return new PsSecureString(plain.toString('utf16le'))
    case 'System.Byte[]':
      return [...plain]
    case 'System.Management.Automation.PSCredential': {
      const size = plain.length >= CREDENTIAL_HEADER.length + 4 ? plain.readUInt32LE(CREDENTIAL_HEADER.length) : -1
      const start = CREDENTIAL_HEADER.length + 4
      if (
        size < 0 ||
        !plain.subarray(0, CREDENTIAL_HEADER.length).equals(CREDENTIAL_HEADER) ||
        start + size > plain.length
      )
        throw new ProtectedDataError('the protected data is not a serialized PSCredential')
      const userName = plain.subarray(start, start + size).toString('utf16le')
      return new PsCredential(userName, plain.subarray(start + size).toString('utf16le'))
    }
    default:
      throw new ProtectedDataError(`protected data of type ${type} is not supported`)
  }
}

// Unprotecting costs two PBKDF2 runs of ~50 000 iterations; Datum.ProtectedData caches results too.
const decrypted = new Map<string, unknown>()

/** `Unprotect-Datum -Base64Data … -Password …`: the value a `[ENC=…]` string stands for. */
export function unprotectDatum(base64: string, password: string): unknown {
  const cacheKey = `${password}\0${base64}`
  if (decrypted.has(cacheKey)) return decrypted.get(cacheKey)
  let object: CliValue
  try {
    object = deserializeCliXml(Buffer.from(base64, 'base64').toString('utf8'))
  } catch (error) {
    throw new ProtectedDataError(`the value is not protected data: ${(error as Error).message}`)
  }
  const passwordBytes = Buffer.from(password, 'utf16le')
  const keyData = member(object, 'KeyData')
  const entries = Array.isArray(keyData) ? keyData : keyData === undefined ? [] : [keyData]
  const match = entries.find((entry) => {
    const hash = member(entry, 'Hash')
    const iterations = member(entry, 'IterationCount')
    const salt = member(entry, 'HashSalt')
    if (typeof hash !== 'string' || typeof iterations !== 'number' || !(salt instanceof Uint8Array)) return false
    const derived = pbkdf2Sync(passwordBytes, salt, iterations, 32, 'sha1')
    return derived.toString('hex').toUpperCase() === hash.toUpperCase()
  })
  if (match === undefined) {
    const certificate = entries.some((entry) => member(entry, 'Thumbprint') !== undefined)
    throw new ProtectedDataError(
      certificate && entries.every((entry) => member(entry, 'Hash') === undefined)
        ? 'this value is protected with a certificate, which cannot be used here'
        : 'this value was not encrypted with the password Datum.yml gives (PlainTextPassword)',
    )
  }
  const derived = pbkdf2Sync(passwordBytes, bytes(match, 'Salt'), member(match, 'IterationCount') as number, 48, 'sha1')
  const [ephemeralKey, ephemeralIv] = [derived.subarray(0, 32), derived.subarray(32, 48)]
  const key = decryptAes(bytes(match, 'Key'), ephemeralKey, ephemeralIv)
  const iv = decryptAes(bytes(match, 'IV'), ephemeralKey, ephemeralIv)
  const cipherText = bytes(object, 'CipherText')
  const hmac = member(object, 'HMAC')
  if (!(hmac instanceof Uint8Array)) throw new ProtectedDataError('the protected data has no HMAC')
  const expected = createHmac('sha256', createHash('sha256').update(key).digest()).update(cipherText).digest()
  if (hmac.length !== expected.length || !timingSafeEqual(Buffer.from(hmac), expected))
    throw new ProtectedDataError('decryption failed: the HMAC does not match (the value was altered)')
  const type = member(object, 'Type')
  const value = plainValue(decryptAes(cipherText, key, iv), typeof type === 'string' ? type : '')
  if (decrypted.size >= 256) decrypted.clear()
  decrypted.set(cacheKey, value)
  return value
}
