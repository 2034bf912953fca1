import { warmIntlSoon } from './warm-intl';

describe('warmIntlSoon (issue 15: the locale data load in a task of its own)', () => {
  afterEach(() => jest.restoreAllMocks());

  test("asks for the page's language in a later task, not in the caller's", () => {
    const numbers = jest.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const dates = jest.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const tasks: (() => void)[] = [];
    warmIntlSoon('sv', (task) => tasks.push(task));
    expect(numbers).not.toHaveBeenCalled();
    expect(tasks).toHaveLength(1);
    tasks.forEach((task) => task());
    expect(numbers).toHaveBeenCalledWith('sv');
    expect(dates).toHaveBeenCalledWith('sv');
  });

  test('a page without a language asks nothing', () => {
    const tasks: (() => void)[] = [];
    warmIntlSoon('', (task) => tasks.push(task));
    expect(tasks).toHaveLength(0);
  });
});
