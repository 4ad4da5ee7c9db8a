/** Local-storage keys of the documents (spec 1 §3, spec 3 §3). */
export const STORAGE_KEYS = {
  token: 'token',
  uid: 'uid',
  account: 'account',
  isSeller: 'is_seller',
  lang: 'lang',
  theme: 'theme',
  /** Login tab chosen at the last login: '0' e-mail, '1' phone. */
  loginTab: 'actives',
  remember: 'remember',
  rememberedAccount: 'accountNumber',
  /** Area (calling code) id of the remembered phone login. */
  rememberedArea: 'codeId',
  /** Written by the old client when remember was on; never written here, removed on login. */
  legacyPassword: 'password',
  /** The VND deposit order awaiting its transfer (spec 3 §2): restored on reload, gone on logout. */
  vndOrder: 'vndOrder',
} as const;
