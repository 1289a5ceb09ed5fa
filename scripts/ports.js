// A free TCP port on this machine, for servers the scripts and the suites start (Redis, Medusa instances).
const net = require("node:net")

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

module.exports = { freePort }
