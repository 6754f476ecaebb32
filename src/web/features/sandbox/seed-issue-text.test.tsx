import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { seedIssues, type SandboxSeed } from '@/domain/sandbox-state.ts'
import { messages as en } from '../../../../locales/en/sandbox.ts'
import { messages as ja } from '../../../../locales/ja/sandbox.ts'
import { seedIssueText } from './seed-issue-text.ts'

const seed = {
  version: 1,
  testUsers: [
    { username: 'taro', balance: 100 },
    { username: 'taro', balance: 5 },
  ],
  userAuthorizations: [],
  payments: [{ kind: 'QR', merchantPaymentId: 'o1', amount: 10, status: 'COMPLETED', payer: 'hanako' }],
} as SandboxSeed

/** Issue 20: a refused seed file is explained in the UI's language; scripts keep the English message. */
describe('seed file issues', () => {
  const issues = seedIssues(seed, ['taro', 'hanako', 'jiro'])

  it('carry their English message for scripts and a rule with values for the portal', () => {
    expect(issues).toEqual([
      { path: 'testUsers.1.username', message: 'Username "taro" appears twice', rule: 'usernameTwice', values: { name: 'taro' } },
      { path: 'payments.0.payer', message: 'No test user "hanako" in testUsers', rule: 'unknownUser', values: { name: 'hanako' } },
    ])
  })

  it('read in Japanese in the Japanese portal and as the message in English', () => {
    const i18n = setupI18n({ locale: 'ja', messages: { ja, en } })
    expect(issues.map((issue) => seedIssueText(i18n, issue))).toEqual(['ユーザー名「taro」が2回出てきます', 'testUsers にテストユーザー「hanako」がありません'])
    expect(seedIssueText(i18n, { path: 'version', message: 'Invalid type: Expected 1 but received 2', rule: 'schema' })).toBe(
      'シードファイルの形式に合っていません：Invalid type: Expected 1 but received 2',
    )
    i18n.activate('en')
    expect(issues.map((issue) => seedIssueText(i18n, issue))).toEqual(issues.map((issue) => issue.message))
    expect(seedIssueText(i18n, { path: 'x.json', message: 'Not JSON' })).toBe('Not JSON')
  })
})
