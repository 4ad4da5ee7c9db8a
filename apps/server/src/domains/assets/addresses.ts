import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';

/** Address formats of the chains deposits and withdrawals travel on. */
export type ChainFamily = 'eth' | 'tron' | 'btc';

const base58check = createBase58check(sha256);

/**
 * The account-level extended public key of BIP-32 test vector 1 (seed 000102…0f), used only when
 * demo data is on and the operator configured no key: its addresses are public knowledge and must
 * never receive real funds. A real installation configures DEPOSIT_XPUB_* (README).
 */
export const DEMO_XPUB = HDKey.fromMasterSeed(
  Uint8Array.from({ length: 16 }, (_, i) => i),
).publicExtendedKey;

function eip55(hex40: string): string {
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(hex40)));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = hex40[i] ?? '';
    out += parseInt(hash[i] ?? '0', 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** The 20-byte account of an Ethereum-style key: keccak256 of the uncompressed point. */
function ethAccount(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(-20);
}

/** The address of one compressed public key in a chain's format. */
export function addressOf(family: ChainFamily, publicKey: Uint8Array): string {
  switch (family) {
    case 'eth':
      return eip55(bytesToHex(ethAccount(publicKey)));
    case 'tron': {
      const payload = new Uint8Array(21);
      payload[0] = 0x41;
      payload.set(ethAccount(publicKey), 1);
      return base58check.encode(payload);
    }
    case 'btc': {
      // Native SegWit (P2WPKH): witness version 0 over hash160 of the compressed key.
      const program = ripemd160(sha256(publicKey));
      return bech32.encode('bc', [0, ...bech32.toWords(program)]);
    }
  }
}

/**
 * The deposit address of one user on one chain: external chain 0, child index = user id, below
 * the operator's account-level extended public key (no private key on the server).
 */
export function deriveAddress(
  family: ChainFamily,
  xpub: string,
  userId: number,
): { address: string; path: string } {
  const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(userId);
  if (!child.publicKey) throw new Error('extended key has no public key');
  return { address: addressOf(family, child.publicKey), path: `0/${userId}` };
}

/** Whether a withdrawal address is well formed for the chain (checksums included). */
export function isValidAddress(family: ChainFamily, address: string): boolean {
  try {
    switch (family) {
      case 'eth': {
        if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
        const body = address.slice(2);
        // All-lower or all-upper carries no checksum; mixed case must match EIP-55.
        if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
        return eip55(body.toLowerCase()) === address;
      }
      case 'tron': {
        const bytes = base58check.decode(address);
        return bytes.length === 21 && bytes[0] === 0x41;
      }
      case 'btc': {
        if (/^bc1/i.test(address)) {
          const lower = address.toLowerCase();
          if (lower !== address && address.toUpperCase() !== address) return false;
          const isV0 = lower.startsWith('bc1q');
          const decoded = (isV0 ? bech32 : bech32m).decode(lower as `${string}1${string}`);
          const [version, ...words] = decoded.words;
          const program = (isV0 ? bech32 : bech32m).fromWords(words);
          if (decoded.prefix !== 'bc' || version === undefined || version > 16) return false;
          if (version === 0) return program.length === 20 || program.length === 32;
          return program.length >= 2 && program.length <= 40;
        }
        const bytes = base58check.decode(address);
        return bytes.length === 21 && (bytes[0] === 0x00 || bytes[0] === 0x05);
      }
    }
  } catch {
    return false;
  }
}
