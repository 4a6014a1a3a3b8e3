'use strict';
// What the API document's plugins get for `require('yaml')` in the compiled server's bundle
// (apps/server/build.mjs): the one function they call, with the package loaded at its first call
// instead of at start-up.
let yaml;
const load = () => {
  yaml ??= require('yaml');
  return yaml;
};
module.exports = {
  stringify: (...args) => load().stringify(...args),
};
