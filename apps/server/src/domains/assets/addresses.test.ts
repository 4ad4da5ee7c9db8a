import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { addressOf, DEMO_XPUB, deriveAddress, isValidAddress } from './addresses.js';

// The public key of private key 1 is the curve's generator: its addresses are published vectors.
const generator = secp256k1.getPublicKey(Uint8Array.from([...new Uint8Array(31), 1]), true);

describe('deposit addresses', () => {
  it('formats the generator key as the published Ethereum and SegWit addresses', () => {
    expect(addressOf('eth', generator)).toBe('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf');
    // BIP-173's P2WPKH example is the generator key.
    expect(addressOf('btc', generator)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  });

  it('gives TRON the Ethereum account behind 0x41 in base58check', () => {
    const tron = addressOf('tron', generator);
    expect(tron).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const bytes = createBase58check(sha256).decode(tron);
    expect(bytesToHex(bytes)).toBe('41' + '7e5f4552091a69125d5dfcb7b8c2659029395bdf');
  });

  it('derives BIP-32 test vector 1 and different addresses per user, the same for the same user', () => {
    expect(DEMO_XPUB).toBe(
      'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
    );
    const a = deriveAddress('eth', DEMO_XPUB, 1);
    expect(a).toEqual({ address: '0xEb5A8aE75e395Ef05c96839a3FB088B2f65E7662', path: '0/1' });
    expect(deriveAddress('eth', DEMO_XPUB, 1)).toEqual(a);
    expect(deriveAddress('eth', DEMO_XPUB, 2).address).not.toBe(a.address);
    for (const family of ['eth', 'tron', 'btc'] as const) {
      expect(isValidAddress(family, deriveAddress(family, DEMO_XPUB, 7).address)).toBe(true);
    }
  });

  it.each([
    ['eth', '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf', true],
    ['eth', '0x7e5f4552091a69125d5dfcb7b8c2659029395bdf', true],
    ['eth', '0x7E5F4552091A69125d5DfCb7b8C2659029395BDf', false],
    ['eth', '0x7E5F4552091A69125d5DfCb7b8C2659029395Bd', false],
    ['eth', 'TXReG9and3kSeFfetpxJt9CdNPZLsjRuGv', false],
    ['tron', 'TXReG9and3kSeFfetpxJt9CdNPZLsjRuGv', true],
    ['tron', 'TXReG9and3kSeFfetpxJt9CdNPZLsjRuGw', false],
    ['tron', '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf', false],
    ['btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', true],
    ['btc', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', true],
    ['btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', false],
    ['btc', '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH', true],
    ['btc', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['btc', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', true],
    ['btc', '', false],
  ] as const)('checks a %s address %s → %s', (family, address, valid) => {
    expect(isValidAddress(family, address)).toBe(valid);
  });
});
