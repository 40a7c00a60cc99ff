const [port, path, n] = [process.argv[2], process.argv[3], Number(process.argv[4])];
const t0 = performance.now();
for (let i = 0; i < n; i++) { const r = await fetch(`http://127.0.0.1:${port}${path}${i}`); await r.arrayBuffer(); }
console.log(port, path, ((performance.now() - t0) / n).toFixed(1), 'ms/request');
