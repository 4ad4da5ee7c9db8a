import { describe, expect, it } from 'vitest';
import { inexactJsonNumber } from './json-body.js';

describe('inexactJsonNumber', () => {
  it.each([
    '{}',
    '[]',
    '{"a":1,"b":-2,"c":0,"d":-0,"e":1.5,"f":-0.000001}',
    '{"id":123456789012345}',
    '{"x":999999999999999}',
    '{"x":0.00000000000000000001}',
    '[[1,[2,[-3.25]]],{"a":[4,{"b":5}]}]',
    'true',
    'null',
    '42',
    '{"t":true,"f":false,"n":null}',
  ])('lets %s through', (text) => {
    expect(inexactJsonNumber(text)).toBeNull();
  });

  it.each([
    ['{"amount":1e5}', '1e5'],
    ['{"amount":1E5}', '1E5'],
    ['{"amount":1e+2}', '1e+2'],
    ['{"amount":-1.5e-3}', '-1.5e-3'],
    ['{"amount":9007199254740993}', '9007199254740993'],
    ['{"amount":9007199254740992}', '9007199254740992'],
    ['{"a":-1234567890123456}', '-1234567890123456'],
    ['{"a":0.1234567890123456}', '0.1234567890123456'],
    ['{"a":1.0000000000000000}', '1.0000000000000000'],
    ['[1,[2,[3,[1e2]]]]', '1e2'],
    ['1e2', '1e2'],
  ])('finds the number in %s', (text, token) => {
    expect(inexactJsonNumber(text)).toBe(token);
  });

  it('skips string literals, with escaped quotes and backslashes in them', () => {
    expect(inexactJsonNumber('{"amount":"1e5"}')).toBeNull();
    expect(inexactJsonNumber('{"a":"9007199254740993","b":"-1E9"}')).toBeNull();
    expect(inexactJsonNumber('{"a":"say \\"1e5\\" twice","b":2}')).toBeNull();
    expect(inexactJsonNumber('{"a":"ends in a backslash \\\\","b":1e5}')).toBe('1e5');
    expect(inexactJsonNumber('{"a":"\\\\\\"1e5","b":3}')).toBeNull();
    expect(inexactJsonNumber('{"1e5":1}')).toBeNull();
    expect(inexactJsonNumber('{"a":"\\u0031e5"}')).toBeNull();
  });

  it('stops at an unterminated string without reading past the end', () => {
    expect(inexactJsonNumber('{"a":"1e5')).toBeNull();
    expect(inexactJsonNumber('"\\')).toBeNull();
  });
});
