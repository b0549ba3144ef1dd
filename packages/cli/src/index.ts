// The `merged-yaml` bin: runs the program on this process.
import { main } from './main.ts'

// A closed pipe (`merged-yaml render x | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
})

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr })
