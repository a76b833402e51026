// Run where this module's own container tests run (they load the image): with the image this build made, and
// an engine; on CI (CI=true, where .ci/run installs podman) an engine is guaranteed, so its absence fails there.
def image = new File(imageTar).isFile()
def ci = System.getenv('CI') == 'true' && new File('/usr/bin/podman').canExecute()
def engine = System.getenv('DOCKER_HOST') ?: 'unix:///run/podman/podman.sock'
def socket = !engine.startsWith('unix://') || new File(engine.substring('unix://'.length())).exists()
if (!image || !(socket || ci)) {
    println "user-project skipped: ${image ? 'no engine at ' + engine : 'no image at ' + imageTar}"
    return false
}
return true
