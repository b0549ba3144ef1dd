// Protect-Datum with a password, for tests: the ProtectedData module's format (a CLIXML object with
// password-protected key data, AES-CBC cipher text and an HMAC), base64 inside `[ENC=…]`. The
// store's own values (DscWorkshop's Global/Domain.yml) are checked by the real-world runner.
import { createCipheriv, createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto'

const CREDENTIAL_HEADER = Buffer.from([5, 12, 19, 75, 80, 20, 19, 11, 11, 6, 11, 13])

export type Secret = string | { userName: string; password: string }

function encrypt(plain: Buffer, key: Buffer, iv: Buffer): Buffer {
  const cipher = createCipheriv(`aes-${key.length * 8}-cbc`, key, iv)
  return Buffer.concat([cipher.update(plain), cipher.final()])
}

function plainBytes(secret: Secret): Buffer {
  if (typeof secret === 'string') return Buffer.from(secret, 'utf8')
  const user = Buffer.from(secret.userName, 'utf16le')
  const size = Buffer.alloc(4)
  size.writeUInt32LE(user.length)
  return Buffer.concat([CREDENTIAL_HEADER, size, user, Buffer.from(secret.password, 'utf16le')])
}

export interface ProtectOptions {
  iterations?: number
  /** Change one byte of the cipher text after computing the HMAC. */
  tamper?: boolean
  /** Protect with a certificate thumbprint instead of the password (no password key data). */
  certificate?: boolean
}

/** `[ENC=…]` for `secret`, protected with `password`. */
export function protectDatum(secret: Secret, password: string, options: ProtectOptions = {}): string {
  const iterations = options.iterations ?? 1000
  const passwordBytes = Buffer.from(password, 'utf16le')
  const [key, iv] = [randomBytes(32), randomBytes(16)]
  const cipherText = encrypt(plainBytes(secret), key, iv)
  const hmac = createHmac('sha256', createHash('sha256').update(key).digest()).update(cipherText).digest()
  if (options.tamper) cipherText[0] ^= 1
  const hashSalt = randomBytes(32)
  const salt = randomBytes(32)
  const derived = pbkdf2Sync(passwordBytes, salt, iterations, 48, 'sha1')
  const [ephemeralKey, ephemeralIv] = [derived.subarray(0, 32), derived.subarray(32)]
  const keyData = options.certificate
    ? `<S N="Thumbprint">0123456789ABCDEF</S><BA N="Key">${key.toString('base64')}</BA>`
    : [
        `<S N="Hash">${pbkdf2Sync(passwordBytes, hashSalt, iterations, 32, 'sha1').toString('hex').toUpperCase()}</S>`,
        `<I32 N="IterationCount">${iterations}</I32>`,
        `<BA N="Key">${encrypt(key, ephemeralKey, ephemeralIv).toString('base64')}</BA>`,
        `<BA N="HashSalt">${hashSalt.toString('base64')}</BA>`,
        `<BA N="Salt">${salt.toString('base64')}</BA>`,
        `<BA N="IV">${encrypt(iv, ephemeralKey, ephemeralIv).toString('base64')}</BA>`,
      ].join('')
  const type = typeof secret === 'string' ? 'System.String' : 'System.Management.Automation.PSCredential'
  const xml = [
    '<Objs Version="1.1.0.1" xmlns="http://schemas.microsoft.com/powershell/2004/04">',
    '<Obj RefId="0"><TN RefId="0"><T>System.Management.Automation.PSCustomObject</T></TN><MS>',
    `<Obj N="KeyData" RefId="1"><LST><Obj RefId="2"><MS>${keyData}</MS></Obj></LST></Obj>`,
    `<BA N="CipherText">${cipherText.toString('base64')}</BA>`,
    `<BA N="HMAC">${hmac.toString('base64')}</BA>`,
    `<S N="Type">${type}</S>`,
    '</MS></Obj></Objs>',
  ].join('\r\n')
  return `[ENC=${Buffer.from(xml, 'utf8').toString('base64')}]`
}
