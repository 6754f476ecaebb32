import { createHash, createHmac } from 'node:crypto'
import type { OpaCrypto } from '@/domain/opa-auth.ts'

/** node:crypto primitives for the pure OPA-Auth code in domain. */
export const nodeOpaCrypto: OpaCrypto = {
  md5Base64(parts) {
    const md5 = createHash('md5')
    for (const part of parts) md5.update(part, 'utf8')
    return md5.digest('base64')
  },
  hmacSha256Base64(key, message) {
    return createHmac('sha256', Buffer.from(key, 'utf8')).update(message, 'utf8').digest('base64')
  },
}
