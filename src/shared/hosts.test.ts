import { describe, expect, it } from 'vitest';
import { interfaceAddresses } from './interface-addresses.ts';
import {
  hostsOf,
  isLoopbackAddress,
  isLoopbackName,
  isWildcard,
  localUrls,
  normalizeHost,
} from './hosts.ts';

describe('Host names', () => {
  it('spells a Host one way, and refuses what is no host', () => {
    expect(normalizeHost('LocalHost:8080')).toBe('localhost:8080');
    expect(normalizeHost('[0:0:0:0:0:0:0:1]:8080')).toBe('[::1]:8080');
    expect(normalizeHost('example.com:80')).toBe('example.com');
    for (const bad of [
      undefined,
      '',
      'evil@127.0.0.1:8080',
      '127.0.0.1:8080/x',
      'a b',
      '127.0.0.1:99999',
    ]) {
      expect(normalizeHost(bad), bad).toBeNull();
    }
  });

  it('knows the wildcard listen addresses and this machine’s names and addresses', () => {
    for (const wildcard of ['0.0.0.0', '::', '0:0:0:0:0:0:0:0'])
      expect(isWildcard(wildcard)).toBe(true);
    expect(isWildcard('127.0.0.1')).toBe(false);
    for (const name of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]']) {
      expect(isLoopbackName(name), name).toBe(true);
    }
    expect(isLoopbackName('localhost.evil.example')).toBe(false);
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ['192.0.2.9', '::ffff:10.0.0.1', 'fd00::2', undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });

  it("spells a URL's host both ways a client may send it", () => {
    expect(hostsOf(new URL('https://Console.Example.com/x'))).toEqual([
      'console.example.com',
      'console.example.com:443',
    ]);
    expect(hostsOf(new URL('http://[0:0:0:0:0:0:0:1]:8080'))).toEqual(['[::1]:8080', '[::1]:8080']);
  });

  it("reaches a listen address by the loopback names, and a wildcard by the machine's addresses", () => {
    const hosts = (listenHost: string) =>
      localUrls(listenHost, 8080, ['192.0.2.7', 'fd00::7']).map((url) => url.host);
    expect(hosts('192.0.2.8')).toEqual([
      '127.0.0.1:8080',
      'localhost:8080',
      '[::1]:8080',
      '192.0.2.8:8080',
    ]);
    expect(hosts('::')).toEqual([
      '127.0.0.1:8080',
      'localhost:8080',
      '[::1]:8080',
      '[::]:8080',
      '192.0.2.7:8080',
      '[fd00::7]:8080',
    ]);
    expect(interfaceAddresses().every((address) => !address.startsWith('fe80:'))).toBe(true);
  });
});
