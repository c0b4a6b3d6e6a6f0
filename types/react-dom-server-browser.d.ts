// react-dom ships the web-streams renderer as its own entry; its types are those of react-dom/server.
declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
