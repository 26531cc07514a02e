import { createStore } from 'jotai';

/**
 * The app's state library lives behind this module: the rest of the client imports atoms, hooks and
 * the store from here (lint refuses `jotai` elsewhere), so the one store below is the only one a
 * component can reach and a change of library touches one file.
 */
export {
  atom,
  createStore,
  Provider,
  useAtom,
  useAtomValue,
  useSetAtom,
  useStore,
  type Atom,
  type PrimitiveAtom,
  type WritableAtom,
} from 'jotai';
export { RESET } from 'jotai/utils';

/**
 * The app's one jotai store, created outside React so non-React code (the socket, the audio engine)
 * can read and write the same atoms the components use.
 */
export const appStore = createStore();
