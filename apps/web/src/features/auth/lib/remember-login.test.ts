import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../shared/store/storage';
import { initialFields, readRememberedLogin, saveLogin } from './remember-login';

describe('remember-me storage', () => {
  it('starts on the e-mail tab with nothing remembered', () => {
    const saved = readRememberedLogin(memoryStorage());
    expect(saved).toEqual({ tab: 0, remember: false, account: '', areaId: null });
    expect(initialFields(saved, 0)).toEqual({ account: '', areaId: null });
  });

  it('keeps the tab, account and area, never the password', () => {
    const storage = memoryStorage({ password: 'secret1' });
    saveLogin(storage, { tab: 1, remember: true, account: '912345678', areaId: 84 });
    expect(storage.getItem('actives')).toBe('1');
    expect(storage.getItem('remember')).toBe('1');
    expect(storage.getItem('accountNumber')).toBe('912345678');
    expect(storage.getItem('codeId')).toBe('84');
    expect(storage.getItem('password')).toBeNull();

    const saved = readRememberedLogin(storage);
    expect(initialFields(saved, 1)).toEqual({ account: '912345678', areaId: 84 });
    // Another tab than the saved one starts empty (spec 1 §4).
    expect(initialFields(saved, 0)).toEqual({ account: '', areaId: null });
  });

  it('forgets the account when remember is off but still remembers the tab', () => {
    const storage = memoryStorage();
    saveLogin(storage, { tab: 0, remember: true, account: 'a@b.co', areaId: null });
    saveLogin(storage, { tab: 1, remember: false, account: '912345678', areaId: 84 });
    expect(storage.getItem('actives')).toBe('1');
    expect(storage.getItem('accountNumber')).toBeNull();
    expect(storage.getItem('codeId')).toBeNull();
    const saved = readRememberedLogin(storage);
    expect(saved.tab).toBe(1);
    expect(initialFields(saved, 1)).toEqual({ account: '', areaId: null });
  });

  it('ignores junk in storage', () => {
    const saved = readRememberedLogin(
      memoryStorage({ actives: 'x', remember: '1', accountNumber: 'a@b.co', codeId: '-3' }),
    );
    expect(saved).toEqual({ tab: 0, remember: true, account: 'a@b.co', areaId: null });
  });
});
