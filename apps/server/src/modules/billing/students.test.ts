import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createUser, createVerifiedUser } from '../../../test/helpers/factories.js';
import { academicDomains, isAcademicEmail, isStudent, setStudentFlag } from './students.js';

const rules = academicDomains();

describe('academic e-mail domains', () => {
  it.each(rules.suffixes)('treats an address under %s as academic', (suffix) => {
    expect(isAcademicEmail(`ada@uni${suffix}`)).toBe(true);
    expect(isAcademicEmail(`ada@arch.faculty.uni${suffix}`)).toBe(true);
    // The suffix must be whole labels, and a bare suffix is no university.
    expect(isAcademicEmail(`ada@notacademic${suffix.slice(1).replace(/\./g, '')}.com`)).toBe(false);
    expect(isAcademicEmail(`ada@${suffix.slice(1)}`)).toBe(false);
  });

  it.each(rules.domains)('treats %s and its subdomains as academic', (domain) => {
    expect(isAcademicEmail(`ada@${domain}`)).toBe(true);
    expect(isAcademicEmail(`ada@student.${domain}`)).toBe(true);
    expect(isAcademicEmail(`ada@not${domain}`)).toBe(false);
    expect(isAcademicEmail(`ada@${domain}.evil.com`)).toBe(false);
  });

  it('ignores case and a trailing dot, and refuses what is not an address', () => {
    expect(isAcademicEmail('Ada@MIT.EDU')).toBe(true);
    expect(isAcademicEmail('ada@mit.edu.')).toBe(true);
    expect(isAcademicEmail('ada@studio-example.com')).toBe(false);
    expect(isAcademicEmail('ada@edu.com')).toBe(false);
    expect(isAcademicEmail('mit.edu')).toBe(false);
    expect(isAcademicEmail('ada@')).toBe(false);
    expect(isAcademicEmail('ada@.edu')).toBe(false);
  });
});

describe('isStudent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is true for a verified academic address only', async () => {
    const verified = await createVerifiedUser(t.app, { email: `ada.${Date.now()}@arch.ethz.ch` });
    const unverified = await createUser(t.app, { email: `bob.${Date.now()}@ucl.ac.uk` });
    const other = await createVerifiedUser(t.app);
    expect(await isStudent(t.app.ctx.db, verified.id)).toBe(true);
    expect(await isStudent(t.app.ctx.db, unverified.id)).toBe(false);
    expect(await isStudent(t.app.ctx.db, other.id)).toBe(false);
  });

  it('is true when an operator marks the account, and false again when unmarked', async () => {
    const u = await createVerifiedUser(t.app);
    expect(await setStudentFlag(t.app.ctx.db, u.email.toUpperCase(), true)).toBe(true);
    expect(await isStudent(t.app.ctx.db, u.id)).toBe(true);
    await setStudentFlag(t.app.ctx.db, u.email, false);
    expect(await isStudent(t.app.ctx.db, u.id)).toBe(false);
    expect(await setStudentFlag(t.app.ctx.db, 'nobody@nowhere.example', true)).toBe(false);
  });
});
