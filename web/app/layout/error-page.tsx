/** Shown for unknown paths and for errors thrown while rendering a route. */
export function ErrorPage() {
  return <h1>Page not found</h1>;
}
