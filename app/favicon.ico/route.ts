// Browsers ask for /favicon.ico on their own (before or without reading the page's icon link): send them to the SVG
// icon instead of a 404 in every page's console.
export function GET(request: Request) {
  return Response.redirect(new URL("/icon.svg", request.url), 308);
}
