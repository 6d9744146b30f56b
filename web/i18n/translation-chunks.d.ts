// The build cuts en.json and he.json into groups of keys (web/i18n/translation-groups.ts, the plugin
// `translationGroupChunks` in vite.config.ts): `./en.json?group=search` is the English search group,
// a chunk of its own. Without the plugin (tests) the same import is the whole file. One line a group.
type GroupChunk = { default: Record<string, unknown> };
declare module '*.json?group=shell' {
  const chunk: GroupChunk['default'];
  export default chunk;
}
declare module '*.json?group=errors' {
  const chunk: GroupChunk['default'];
  export default chunk;
}
declare module '*.json?group=search' {
  const chunk: GroupChunk['default'];
  export default chunk;
}
declare module '*.json?group=property' {
  const chunk: GroupChunk['default'];
  export default chunk;
}
declare module '*.json?group=account' {
  const chunk: GroupChunk['default'];
  export default chunk;
}
declare module '*.json?group=bookings' {
  const chunk: GroupChunk['default'];
  export default chunk;
}
declare module '*.json?group=host' {
  const chunk: GroupChunk['default'];
  export default chunk;
}
declare module '*.json?group=admin' {
  const chunk: GroupChunk['default'];
  export default chunk;
}
declare module '*.json?group=content' {
  const chunk: GroupChunk['default'];
  export default chunk;
}
