import { validateSignIn } from '@/features/identity/sign-in/lib/sign-in-rules';

const EMAIL = 'Please enter a valid email address';
const PASSWORD = 'Password is required';

describe('sign-in rules', () => {
  it('asks for both fields when empty', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: EMAIL,
      password: PASSWORD,
    });
  });

  it.each(['alice@charity.org', '  alice@charity.org ', "o'neil+board@a-b.example.co.uk", 'x@y'])(
    'accepts %p (checked trimmed)',
    (email) => expect(validateSignIn({ email, password: 'x' })).toEqual({}),
  );

  it.each(['   ', 'not-an-email', 'a@', '@b.org', 'a b@c.org', 'a@-b.org', 'a@b..org'])(
    'refuses %p',
    (email) => expect(validateSignIn({ email, password: 'x' })).toEqual({ email: EMAIL }),
  );

  it('takes any password of at least one character, spaces too', () => {
    expect(validateSignIn({ email: 'a@b.org', password: ' ' })).toEqual({});
  });
});
