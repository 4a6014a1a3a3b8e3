import type { Account } from '@ld/contract/accounts';
import { DEFAULT_USER_NAME } from '@ld/contract/defaults';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

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

export const useAccountStore = create<AccountState>()(
  persist(
    (set) => ({
      account: GUEST,
      setAccount: (account) => set({ account }),
      patchAccount: (patch) => set((s) => ({ account: { ...s.account, ...patch } })),
      reset: () => set({ account: GUEST }),
    }),
    { name: 'ld-account', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

export const useIsLoggedIn = () => useAccountStore((s) => s.account.uid !== '');
export const getAccount = () => useAccountStore.getState().account;
