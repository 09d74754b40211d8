import { yieldToMain } from './yieldToMain';

describe('yieldToMain', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it('resolves after the current task: a task queued before it has run by then', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    const done = yieldToMain().then(() => order.push('after yield'));
    await Promise.resolve();
    expect(order).toEqual([]);
    await done;
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toContain('after yield');
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldFn };
    await yieldToMain();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });
});
