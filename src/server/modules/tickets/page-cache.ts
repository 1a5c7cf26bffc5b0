/**
 * Answers kept per company while the company's version (company_versions) stands still. The version is
 * read with the caller on every request and moves at the commit of any change a list shows, so an
 * answer cached at the version just read is current — also when other servers share the database.
 * A list then costs no query when nothing changed since it was last asked for (tabs switched back,
 * reconnecting clients, several windows); after a change, the first request computes it again.
 */
export class VersionedCache<V> {
  private readonly companies = new Map<number, { version: string; entries: Map<string, V> }>();

  constructor(
    private readonly entriesPerCompany = 500,
    private readonly maxCompanies = 1000,
  ) {}

  get(companyId: number, version: string, key: string): V | undefined {
    const company = this.companies.get(companyId);
    return company?.version === version ? company.entries.get(key) : undefined;
  }

  set(companyId: number, version: string, key: string, value: V) {
    let company = this.companies.get(companyId);
    if (!company || company.version !== version) {
      // A request that read an older version computed from a newer snapshot: keep the newer entries.
      if (company && BigInt(company.version) > BigInt(version)) return;
      company = { version, entries: new Map() };
      this.companies.delete(companyId);
      if (this.companies.size >= this.maxCompanies)
        this.companies.delete(this.companies.keys().next().value!);
      this.companies.set(companyId, company);
    }
    if (company.entries.size >= this.entriesPerCompany) {
      company.entries.delete(company.entries.keys().next().value!);
    }
    company.entries.set(key, value);
  }
}
