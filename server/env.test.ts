import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./env";

describe("loadConfig", () => {
  it("uses the defaults of decisions §1 on an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: "0.0.0.0",
      dataDir: "./data",
      demoData: true,
      publicUrl: "http://localhost:5000",
      production: true,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it("listens only on this machine in development unless HOST says otherwise", () => {
    expect(loadConfig({ NODE_ENV: "development" }).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "development", HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ NODE_ENV: "production" }).host).toBe("0.0.0.0");
  });

  it("reads COMMISSION_PERCENT as exact text, 0 to 100 with up to two decimals (issue 25)", () => {
    expect(loadConfig({}).commissionPercent).toBe("0");
    expect(loadConfig({ COMMISSION_PERCENT: "7.5" }).commissionPercent).toBe("7.5");
    for (const bad of ["101", "5.555", "-1", "cinco", "5%"]) {
      expect(() => loadConfig({ COMMISSION_PERCENT: bad }), bad).toThrow(/COMMISSION_PERCENT/);
    }
  });

  it("refuses a production start with e-mail or Wompi but no PUBLIC_URL (issue 26)", () => {
    const wompi = { WOMPI_APP_ID: "app", WOMPI_API_SECRET: "secreto" };
    const smtp = { SMTP_URL: "smtp://u:p@127.0.0.1:25", MAIL_FROM: "Tiangue <t@ejemplo.sv>" };
    for (const given of [wompi, smtp]) {
      expect(() => loadConfig({ NODE_ENV: "production", ...given })).toThrow(/PUBLIC_URL/);
      expect(
        loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://tiangue.sv", ...given })
          .publicUrl,
      ).toBe("https://tiangue.sv");
      // Development and tests link to localhost on purpose.
      expect(loadConfig({ NODE_ENV: "development", ...given }).publicUrl).toBe(
        "http://localhost:5000",
      );
    }
  });

  it("gives Wompi's calls WOMPI_TIMEOUT_MS, 10 s by default (issue 26)", () => {
    const wompi = { NODE_ENV: "test", WOMPI_APP_ID: "app", WOMPI_API_SECRET: "secreto" };
    expect(loadConfig(wompi).wompi?.timeoutMs).toBe(10_000);
    expect(loadConfig({ ...wompi, WOMPI_TIMEOUT_MS: "2500" }).wompi?.timeoutMs).toBe(2500);
    expect(() => loadConfig({ ...wompi, WOMPI_TIMEOUT_MS: "50" })).toThrow(/WOMPI_TIMEOUT_MS/);
  });

  it("treats an empty variable as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", PORT: "" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(5000);
  });

  it("turns demo data off by default on PostgreSQL", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db" }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db", DEMO_DATA: "true" }).demoData).toBe(
      true,
    );
  });

  it("refuses invalid values with a Spanish message naming the variable", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SESSION_SECRET: "corto" })).toThrow(/SESSION_SECRET necesita/);
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/Configuración inválida/);
  });

  it("reads the administrators' e-mails lower-cased and the trusted proxies", () => {
    const config = loadConfig({
      ADMIN_EMAILS: " Ana@Ejemplo.sv, beto@x.sv ,",
      TRUST_PROXY: "10.0.0.0/8",
    });
    expect(config.adminEmails).toEqual(["ana@ejemplo.sv", "beto@x.sv"]);
    expect(config.trustProxy).toEqual(["10.0.0.0/8"]);
  });

  it("reads TRUST_PROXY as none, all or addresses", () => {
    expect(loadConfig({}).trustProxy).toEqual(["loopback"]);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "FALSE" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(
      loadConfig({
        TRUST_PROXY: "loopback, 10.0.0.0/8,192.168.1.7,fd00::/8,172.16.0.0/255.240.0.0",
      }).trustProxy,
    ).toEqual(["loopback", "10.0.0.0/8", "192.168.1.7", "fd00::/8", "172.16.0.0/255.240.0.0"]);
    for (const wrong of ["no", "2", "10.0.0.0/33", "proxy.example.com", "1.2.3.4/8/1"]) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY debe ser/);
    }
  });

  it("starts a server with each kind of TRUST_PROXY", async () => {
    for (const value of ["false", "true", "loopback,10.0.0.0/8"]) {
      const app = Fastify({ trustProxy: loadConfig({ TRUST_PROXY: value }).trustProxy });
      app.get("/", async (request) => ({ ip: request.ip }));
      const response = await app.inject({
        url: "/",
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      expect(response.json().ip, value).toBe(value === "false" ? "127.0.0.1" : "203.0.113.9");
      await app.close();
    }
  });

  it("keeps the catalogue cache on unless CATALOGUE_CACHE=off", () => {
    expect(loadConfig({}).catalogueCache).toBe(true);
    expect(loadConfig({ CATALOGUE_CACHE: "off" }).catalogueCache).toBe(false);
    expect(() => loadConfig({ CATALOGUE_CACHE: "no" })).toThrow(/CATALOGUE_CACHE debe ser/);
  });

  it("bounds the kept pages at PAGE_CACHE_MB, 32 MiB unless set", () => {
    expect(loadConfig({}).pageCacheMb).toBe(32);
    expect(loadConfig({ PAGE_CACHE_MB: "128" }).pageCacheMb).toBe(128);
    for (const value of ["0", "1.5", "mucho", "5000"]) {
      expect(() => loadConfig({ PAGE_CACHE_MB: value }), value).toThrow(/PAGE_CACHE_MB debe ser/);
    }
  });
});
