// The fetched artifact is the runnable jar: `java -jar` serves the sandbox, whose health route
// answers 200 with this build's version. (The plain, unshaded jar failed here with
// NoClassDefFoundError: io/bankssandbox/Sandbox.)
import java.util.concurrent.TimeUnit

def version = sandboxVersion   // this build's version (scriptVariables in sandbox-standalone's POM)
def jar = new File(basedir, "sandbox-standalone-${version}.jar")
assert jar.isFile(): "mvn dependency:copy fetched no ${jar.name}"

def java = new File(System.getProperty('java.home'), 'bin/java').path
def process = new ProcessBuilder(java, '-jar', jar.path, 'serve', '--port', '0', '--stop-on-stdin-close')
        .redirectErrorStream(true).start()
try {
    def output = new BufferedReader(new InputStreamReader(process.inputStream, 'UTF-8'))
    def seen = []
    String url = null
    // read until the listening line (or the end of the output, if the jar fails to start)
    for (String line = output.readLine(); line != null && url == null; line = output.readLine()) {
        seen << line
        url = line.find(/Banks Sandbox listening on (http:\S+)/) { all, u -> u }
    }
    assert url != null: "java -jar ${jar.name} did not start:\n" + seen.join('\n')
    def health = (HttpURLConnection) new URL(url + '/_sandbox/health').openConnection()
    health.connectTimeout = 30_000
    health.readTimeout = 30_000
    assert health.responseCode == 200
    def body = health.inputStream.getText('UTF-8')
    assert body =~ /"version"\s*:\s*"${java.util.regex.Pattern.quote(version)}"/: body
    new File(basedir, 'health.json').text = body   // what the run answered, for whoever reads the build
} finally {
    process.destroy()
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly()
    }
}
return true
