import { monitorEventLoopDelay } from "node:perf_hooks";
import { it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeUser } from "../../testing/factories.ts";
import { multipart } from "../../testing/multipart.ts";
import { createTestApp } from "../../testing/test-app.ts";

it("10k rows", async () => {
  const t = await createTestApp();
  const staff = await authHeaders(t, (await makeUser(t.database.db, { is_staff: true })).id);
  const rows = ["name,category,brand,sku,pack_label,net_quantity,unit,price,mrp,stock,gst_rate,hsn_code,description"];
  for (let i = 0; i < 10_000; i++)
    rows.push(
      `Product ${i} seeds,Category ${i % 20},Brand ${i % 50},SKU-${i},1 kg,1,kg,${100 + (i % 500)},${700},${i % 90},5,1209,A good product number ${i} for the farm`,
    );
  const csv = rows.join("\n");
  for (const round of [1, 2]) {
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    const started = performance.now();
    const { payload, headers } = multipart({}, [{ field: "file", filename: "a.csv", contentType: "text/csv", data: Buffer.from(csv) }]);
    const res = await t.app.inject({ method: "POST", url: "/api/staff/catalogue/import/", headers: { ...staff, ...headers }, payload });
    let body = res.json();
    while (body.status !== "done" && body.status !== "failed") {
      await new Promise((r) => setTimeout(r, 200));
      body = (await t.app.inject({ url: `/api/staff/catalogue/imports/${body.id}/`, headers: staff })).json();
    }
    h.disable();
    console.log(
      round,
      res.statusCode,
      ((performance.now() - started) / 1000).toFixed(1),
      "s max delay",
      (h.max / 1e6).toFixed(0),
      "ms",
      JSON.stringify({ ...body.report, errors: body.report?.errors.slice(0, 3) }),
    );
  }
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const started = performance.now();
  const res = await t.app.inject({ url: "/api/staff/catalogue/export/?format=xlsx", headers: staff });
  h.disable();
  console.log(
    "export xlsx",
    res.statusCode,
    res.rawPayload.length,
    ((performance.now() - started) / 1000).toFixed(1),
    "s max",
    (h.max / 1e6).toFixed(0),
  );
  await t.close();
}, 300_000);
