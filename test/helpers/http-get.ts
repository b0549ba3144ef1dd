// A GET with exactly the headers given (Node's fetch would set its own Origin and Sec-Fetch rules).
import { request } from 'node:http'

export interface HttpAnswer {
  status: number
  type: string
  body: string
}

export function get(url: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return new Promise((done, fail) => {
    const req = request(url, { headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => done({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }))
    })
    req.on('error', fail)
    req.end()
  })
}
