// Run where this module's own container tests run: an engine and the image this build made (they load it);
// on CI (CI=true, where .ci/run installed podman) always, so a missing engine or image fails there.
def ci = System.getenv('CI') == 'true' && new File('/usr/bin/podman').canExecute()
def engine = System.getenv('DOCKER_HOST') ?: 'unix:///run/podman/podman.sock'
def socket = engine.startsWith('unix://') ? new File(engine.substring('unix://'.length())).exists() : true
def image = new File(imageTar).isFile()
if (!ci && !(socket && image)) {
    println "user-project skipped: ${socket ? '' : 'no engine at ' + engine + '; '}${image ? '' : 'no image at ' + imageTar}"
    return false
}
return true
