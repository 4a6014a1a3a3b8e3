import type { Account } from '@ld/contract/accounts';
import { DEFAULT_USER_NAME } from '@ld/contract/defaults';
import { create } from 'zustand';
import { local } from '../lib/local';

/** The account as the spec persists it (spec §3); logged in means `uid` is non-empty. */
export const GUEST: Account = {
  accountType: 0,
  age: '',
  loginName: '',
  name: DEFAULT_USER_NAME,
  needBind: 0,
  needRealName: 0,
  newAccount: 0,
  sex: 0,
  token: '',
  uid: '',
};

interface AccountState {
  account: Account;
  setAccount(account: Account): void;
  /** Patch profile fields the server answered (name, sex, age) without touching the session. */
  patchAccount(patch: Partial<Account>): void;
  reset(): void;
}

// The account persists under `ld-account` as `{ state: { account }, version }`. A few lines here
// instead of zustand's persist middleware keep the first load smaller.
const STORAGE_KEY = 'ld-account';
const STORAGE_VERSION = 1;

function readStoredAccount(): Account {
  try {
    const stored = JSON.parse(local.get(STORAGE_KEY) ?? 'null') as {
      state?: { account?: Account };
      version?: number;
    } | null;
    const account = stored?.version === STORAGE_VERSION ? stored.state?.account : undefined;
    return account && typeof account.uid === 'string' ? { ...GUEST, ...account } : GUEST;
  } catch {
    return GUEST;
  }
}

/**
 * The store starts as a guest, the account the server renders every page as, and takes the stored
 * account at once: components read it through zustand's useSyncExternalStore, whose server
 * snapshot is this initial state, so hydration renders the server's guest markup and the account's
 * own view (header, balances, its keys' data) follows right after (docs/decisions/0050-one-rendering-path.md).
 */
export const useAccountStore = create<AccountState>()((set) => ({
  account: GUEST,
  setAccount: (account) => set({ account }),
  patchAccount: (patch) => set((s) => ({ account: { ...s.account, ...patch } })),
  reset: () => set({ account: GUEST }),
}));

useAccountStore.setState({ account: readStoredAccount() });

useAccountStore.subscribe((s) =>
  local.set(STORAGE_KEY, JSON.stringify({ state: { account: s.account }, version: STORAGE_VERSION })),
);

export const useIsLoggedIn = () => useAccountStore((s) => s.account.uid !== '');
export const getAccount = () => useAccountStore.getState().account;
