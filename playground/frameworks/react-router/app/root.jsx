import { Outlet, Scripts } from 'react-router'

export default function Root() {
  return (
    <html lang="en">
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  )
}
