/** The page object of Settings: the profile list, the chosen profile's form and keys, appearance and about. */
import { expect } from '@playwright/test';
import type { Locator } from 'playwright-core';
import { AreaPage } from './area-page.js';

/** The endpoint fields of a profile, by their labels. */
export const ENDPOINT_FIELDS = {
  api: 'Core API URL',
  mc: 'Magic Containers URL',
  video: 'Video (Stream) URL',
  logging: 'CDN logging URL',
} as const;

export type Endpoint = keyof typeof ENDPOINT_FIELDS;

/** The areas a connection test checks, as its rows name them. */
export type CheckedArea = 'core' | 'containers' | 'video' | 'logging';

/** The Settings area. */
export class SettingsPage extends AreaPage {
  readonly id = 'settings' as const;

  /** The chosen profile's part of the screen. */
  get detail(): Locator {
    return this.page.getByTestId('profile-detail');
  }

  /** The chosen profile's heading (its name and badges). */
  get detailHeading(): Locator {
    return this.detail.getByRole('heading', { level: 2 }).first();
  }

  get newProfileName(): Locator {
    return this.page.getByLabel('New profile name');
  }

  get theme(): Locator {
    return this.page.getByLabel('Theme');
  }

  get appInfo(): Locator {
    return this.page.getByTestId('app-info');
  }

  /** A profile's entry in the list. */
  profile(name: string): Locator {
    return this.page.getByTestId(`profile-${name}`);
  }

  /** An endpoint field of the chosen profile. */
  endpoint(which: Endpoint): Locator {
    return this.detail.getByLabel(ENDPOINT_FIELDS[which]);
  }

  /** The account key's field and its state line. */
  get accountKey(): Locator {
    return this.detail.getByTestId('key-account');
  }

  /** The account key's input (always empty once a key is stored: keys never come back to the page). */
  get accountKeyInput(): Locator {
    return this.detail.getByLabel('Account API key');
  }

  /** The rows of the last connection test. */
  get checks(): Locator {
    return this.detail.getByTestId('connection-checks');
  }

  /** The connection test's row for an area. */
  check(area: CheckedArea): Locator {
    return this.checks.locator(`tr[data-area="${area}"]`);
  }

  protected override async settled(): Promise<void> {
    await expect(this.detailHeading).toBeVisible();
  }

  /** Shows a profile's details by choosing it in the list. */
  async selectProfile(name: string): Promise<void> {
    await this.profile(name).click();
    await expect(this.detailHeading).toContainText(name);
  }

  /** Types a name and adds the profile (the result is not awaited: a name may be refused). */
  async addProfile(name: string): Promise<void> {
    await this.newProfileName.fill(name);
    await this.page.getByRole('button', { name: 'Add' }).first().click();
  }

  /** The chosen profile's endpoint URLs as its fields show them. */
  async endpoints(): Promise<Record<Endpoint, string>> {
    return {
      api: await this.endpoint('api').inputValue(),
      mc: await this.endpoint('mc').inputValue(),
      video: await this.endpoint('video').inputValue(),
      logging: await this.endpoint('logging').inputValue(),
    };
  }

  /** Fills the given endpoint fields and saves the profile's form. */
  async setEndpoints(values: Partial<Record<Endpoint, string>>): Promise<void> {
    for (const [which, url] of Object.entries(values) as [Endpoint, string][]) await this.endpoint(which).fill(url);
    await this.saveChanges();
  }

  async saveChanges(): Promise<void> {
    await this.detail.getByRole('button', { name: 'Save changes' }).click();
  }

  /** Stores the account key with the field's Save button and waits until the field shows its last characters. */
  async setAccountKey(key: string): Promise<void> {
    await this.accountKeyInput.fill(key);
    await this.accountKey.getByRole('button', { name: 'Save' }).click();
    await expect(this.accountKey).toContainText(`…${key.slice(-4)}`);
  }

  /** Runs the connection test and waits for its rows. */
  async testConnection(): Promise<void> {
    await this.detail.getByRole('button', { name: 'Test connection' }).click();
    await expect(this.checks).toBeVisible();
  }

  async makeActive(): Promise<void> {
    await this.detail.getByRole('button', { name: 'Make active' }).click();
  }

  /** Deletes the chosen profile, confirming the question that names it. */
  async deleteProfile(name: string): Promise<void> {
    await this.detail.getByRole('button', { name: 'Delete…' }).click();
    await this.detail.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(this.profile(name)).toHaveCount(0);
  }
}
