import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';

/*
 * Runs the official EN 16931 and Peppol BIS Billing 3.0 rules (compiled to XSLT, see README.md here) on UBL
 * documents with Saxon-HE. Each rule set is one Java process over a directory of documents: starting the JVM
 * and compiling the stylesheet is most of the cost, so a test gathers its documents and checks them at once.
 */

export const RULE_SETS = ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL'] as const;
export const SAXON_JAR = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

export type RuleFailure = { ruleSet: string; id: string; flag: string; location: string; text: string };
export type RulesReport = { fatal: RuleFailure[]; warnings: RuleFailure[] };

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}:\n${stderr.slice(-2000)}`))));
  });
}

const svrl = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  processEntities: false,
  isArray: (name) => name === 'failed-assert',
});

type FailedAssert = { id?: string; flag?: string; location?: string; text?: string | { '#text'?: string } };

/** The failed assertions of one SVRL report; an assertion without a flag counts as fatal, as the rules' authors mean it. */
export function failuresOf(ruleSet: string, report: string): RuleFailure[] {
  const root = (svrl.parse(report) as { 'schematron-output'?: { 'failed-assert'?: FailedAssert[] } })['schematron-output'];
  if (!root) throw new Error(`${ruleSet}: not an SVRL report`);
  return (root['failed-assert'] ?? []).map((f) => ({
    ruleSet,
    id: f.id ?? '?',
    flag: f.flag ?? 'fatal',
    location: f.location ?? '',
    text: (typeof f.text === 'string' ? f.text : (f.text?.['#text'] ?? '')).replace(/\s+/g, ' ').trim(),
  }));
}

/** Checks the documents (file name → XML) against both rule sets; answers each document's fatal failures and warnings. */
export async function checkWithOfficialRules(documents: Record<string, string>): Promise<Record<string, RulesReport>> {
  if (!existsSync(SAXON_JAR)) throw new Error(`Saxon-HE is missing (${SAXON_JAR}): apt-get install -y libsaxonhe-java`);
  const dir = await mkdtemp(path.join(tmpdir(), 'ubl-rules-'));
  try {
    const input = path.join(dir, 'in');
    await mkdir(input);
    const names = Object.keys(documents);
    await Promise.all(names.map((name) => writeFile(path.join(input, name), documents[name])));
    const reports: Record<string, RulesReport> = Object.fromEntries(names.map((n) => [n, { fatal: [], warnings: [] }]));
    await Promise.all(
      RULE_SETS.map(async (ruleSet) => {
        const output = path.join(dir, ruleSet);
        await mkdir(output);
        const xsl = path.join(__dirname, `${ruleSet}.xsl`);
        await run('java', ['-cp', SAXON_JAR, 'net.sf.saxon.Transform', `-s:${input}`, `-xsl:${xsl}`, `-o:${output}`]);
        for (const name of names) {
          for (const failure of failuresOf(ruleSet, await readFile(path.join(output, name), 'utf8'))) {
            const report = reports[name];
            (failure.flag === 'warning' || failure.flag === 'information' ? report.warnings : report.fatal).push(failure);
          }
        }
      }),
    );
    return reports;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
