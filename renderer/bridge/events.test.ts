// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { installFakeBridge } from '../testing/fake-bridge';
import { loadThenFollow, onBridgeEvent } from './events';

describe('the one event subscriber', () => {
  it('runs every handler of an event in the order they registered, and stops when each leaves', () => {
    const bridge = installFakeBridge();
    const heard: string[] = [];
    const offA = onBridgeEvent('desktop.notice', ({ message }) => heard.push(`a:${message}`));
    const offB = onBridgeEvent('desktop.notice', ({ message }) => heard.push(`b:${message}`));
    bridge.emit('desktop.notice', { level: 'info', message: '1' });
    offA();
    bridge.emit('desktop.notice', { level: 'info', message: '2' });
    offB();
    bridge.emit('desktop.notice', { level: 'info', message: '3' });
    expect(heard).toEqual(['a:1', 'b:1', 'b:2']);
  });

  it('applies the events heard while the list loads after the list, then each as it comes', async () => {
    const bridge = installFakeBridge();
    const seen: string[] = [];
    let answer: (list: string) => void = () => {};
    const stop = loadThenFollow('desktop.notice', () => new Promise<string>((resolve) => (answer = resolve)), {
      replace: (list) => seen.push(`list:${list}`),
      merge: (change) => seen.push(`event:${change.message}`),
      failed: (error) => seen.push(`failed:${error.title}`),
    });
    bridge.emit('desktop.notice', { level: 'info', message: 'early' });
    answer('L');
    await expect.poll(() => seen).toEqual(['list:L', 'event:early']);
    bridge.emit('desktop.notice', { level: 'info', message: 'later' });
    stop();
    bridge.emit('desktop.notice', { level: 'info', message: 'after stop' });
    expect(seen).toEqual(['list:L', 'event:early', 'event:later']);
  });
});
