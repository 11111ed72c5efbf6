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
      production: false,
    });
    expect(config.databaseUrl).toBeUndefined();
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

  it("keeps the catalogue cache on unless CATALOGUE_CACHE=off", () => {
    expect(loadConfig({}).catalogueCache).toBe(true);
    expect(loadConfig({ CATALOGUE_CACHE: "off" }).catalogueCache).toBe(false);
    expect(() => loadConfig({ CATALOGUE_CACHE: "no" })).toThrow(/CATALOGUE_CACHE debe ser/);
  });
});
