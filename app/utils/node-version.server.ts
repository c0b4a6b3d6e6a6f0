import fs from "node:fs";

// Imported first by every entry point (the web server, the CLI): a wrong Node.js version fails
// here with one clear line instead of later with a native-module or syntax error. The required
// major version is the one in .nvmrc (package.json's "engines" says the same to npm).

const required = fs.readFileSync(new URL("../../.nvmrc", import.meta.url), "utf8").trim();
if (process.versions.node.split(".")[0] !== required) {
  console.error(
    `Pistepris kræver Node.js ${required} (se .nvmrc), men kører på ${process.version}: skift version, fx med \`nvm use\`, og kør npm install igen.`,
  );
  process.exit(1);
}
