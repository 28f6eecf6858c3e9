import net from "node:net";
import nodemailer from "nodemailer";
const srv = net.createServer((socket) => { socket.write("220 x ESMTP\r\n"); let t; socket.once("data", () => (t = setInterval(() => socket.write("2"), 50))); socket.on("error",()=>{}); socket.on("close",()=>clearInterval(t)); });
await new Promise(r => srv.listen(0, "127.0.0.1", r));
const start = Date.now();
const tr = nodemailer.createTransport(`smtp://127.0.0.1:${srv.address().port}?connectionTimeout=1000&greetingTimeout=1000&socketTimeout=1000`);
try { await tr.sendMail({from:"a@b.c", to:"d@e.f", text:"x"}); } catch (e) { console.log(Date.now()-start, e.code, e.message); }
srv.close();
