import { expect, it } from 'vitest';
import { splitOf } from './money';

it('splits an amount into what the worker keeps (95%) and the fee (5%, to the cent)', () => {
  expect(splitOf(600)).toEqual({ worker: 570, fee: 30 });
  expect(splitOf(45)).toEqual({ worker: 42.75, fee: 2.25 });
  expect(splitOf(0.1)).toEqual({ worker: 0.09, fee: 0.01 });
  expect(splitOf(33.33)).toEqual({ worker: 31.66, fee: 1.67 });
});
