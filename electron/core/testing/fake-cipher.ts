/** A test cipher whose backend can be switched and whose decrypt can be made to fail. */
import type { SecretCipher } from '../ports.js';

export class FakeCipher implements SecretCipher {
  constructor(
    public backendName = 'gnome_libsecret',
    public available = true,
    public failDecrypt = false,
  ) {}

  async backend(): Promise<string> {
    return this.backendName;
  }

  async isAvailable(): Promise<boolean> {
    return this.available;
  }

  async encrypt(plain: string): Promise<string> {
    // Reversible but not the plain text, so a test can tell the file holds no key in clear.
    return Buffer.from(`${this.backendName}:${plain}`, 'utf8').toString('base64').split('').reverse().join('');
  }

  async decrypt(cipher: string): Promise<string> {
    if (this.failDecrypt) throw new Error('decrypt failed');
    const text = Buffer.from(cipher.split('').reverse().join(''), 'base64').toString('utf8');
    const prefix = `${this.backendName}:`;
    if (!text.startsWith(prefix)) throw new Error('wrong backend');
    return text.slice(prefix.length);
  }
}
