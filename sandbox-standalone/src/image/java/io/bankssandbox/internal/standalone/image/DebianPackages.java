package io.bankssandbox.internal.standalone.image;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The C libraries, CA certificates and time-zone data of the image, from Debian 12 packages: which
 * libraries the runtime loads is {@code ldd}'s answer, which package holds each is {@code dpkg -S}'s,
 * and the packages come from {@code apt-get download} (kept in {@code ~/.cache/banks-sandbox/debs} by
 * name, version and SHA-256, so a second build is offline) and are unpacked with {@code dpkg-deb -x}.
 * Only the files the runtime names go into the image: no shell, no package manager. The package
 * versions are written to {@code /app/debian-packages.txt} in the image (and beside it in target/image).
 */
final class DebianPackages {
    /** Besides the libraries: Java's trust store is made from these, and zoneinfo for the C library's TZ. */
    static final List<String> DATA_PACKAGES = List.of("ca-certificates", "tzdata");
    private static final Pattern LDD_LINE = Pattern.compile("^\\s*(\\S+)(?: => (\\S+))? \\(0x[0-9a-f]+\\)$");
    private static final Pattern URI_LINE = Pattern.compile("^'[^']+' (\\S+) \\d+ SHA256:([0-9a-f]{64})$");

    private final Path cache;
    /** A library as ldd names it -> the package that holds it, and the path the package gives it. */
    private final Map<String, String> packageOfFile = new TreeMap<>();
    private final Map<String, String> pathInPackage = new TreeMap<>();

    DebianPackages(Path cache) {
        this.cache = cache;
    }

    static Optional<String> missingTool() {
        return Stream.of("apt-get", "dpkg", "dpkg-deb", "ldd").filter(tool -> !JavaRuntime.onPath(tool)).findFirst();
    }

    static Path cacheDirectory() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("banks-sandbox").resolve("debs");
    }

    /**
     * Puts into the image what the runtime loads, dropping the runtime's natives that need more than
     * the JVM itself does (AWT's X11 windows, fonts, sound, JPEG: the server draws nothing). Answers why
     * it could not, when a package cannot be had.
     */
    Optional<String> install(ImageRoot root, Path work) throws IOException, InterruptedException {
        Map<Path, Map<String, String>> needs = new LinkedHashMap<>(); // native -> library path -> package
        Set<String> own = new TreeSet<>();
        for (Path file : root.runtimeNatives()) {
            own.add(file.getFileName().toString());
        }
        for (Path file : root.runtimeNatives()) {
            Map<String, String> libraries = new TreeMap<>();
            for (String library : ldd(file)) {
                if (!own.contains(Path.of(library).getFileName().toString())) {
                    libraries.put(library, packageOf(library));
                }
            }
            needs.put(file, libraries);
        }
        Set<String> base = new TreeSet<>();
        for (String jvm : List.of("bin/java", "lib/server/libjvm.so", "lib/libjava.so", "lib/libjli.so")) {
            base.addAll(needs.get(root.file(ImageRoot.APP + "/runtime/" + jvm)).values());
        }
        Map<String, String> libraries = new TreeMap<>();
        List<String> dropped = new ArrayList<>();
        for (var need : needs.entrySet()) {
            if (base.containsAll(need.getValue().values())) {
                libraries.putAll(need.getValue());
            } else {
                dropped.add(need.getKey().getFileName().toString());
                Files.delete(need.getKey());
            }
        }
        System.out.println(ImageBuild.LOG + "dropped from the runtime (they load a desktop's libraries): "
                + String.join(" ", dropped));
        Set<String> packages = new TreeSet<>(base);
        packages.addAll(DATA_PACKAGES);
        Files.createDirectories(cache);
        List<String> versions = new ArrayList<>();
        Path unpacked = work.resolve("debs");
        JavaRuntime.deleteTree(unpacked);
        for (String name : packages) {
            Optional<Path> deb = download(name);
            if (deb.isEmpty()) {
                return Optional.of("apt-get could not download " + name + " (offline with nothing cached in " + cache
                        + ", or no package lists: apt-get update)");
            }
            Path into = Files.createDirectories(unpacked.resolve(name));
            Command.run("dpkg-deb", "-x", deb.get().toString(), into.toString());
            versions.add(Command.run("dpkg-deb", "-f", deb.get().toString(), "Package", "Version")
                    .replaceAll("\\w+: ", "").replace('\n', ' ').trim() + " " + deb.get().getFileName());
        }
        for (var library : libraries.entrySet()) {
            PackageTree.copy(unpacked.resolve(library.getValue()), packagePath(library.getKey()), root);
        }
        PackageTree.zoneinfo(unpacked.resolve("tzdata"), root);
        PackageTree.certificates(unpacked.resolve("ca-certificates"), root);
        String list = String.join("\n", versions) + "\n";
        Files.writeString(root.file(ImageRoot.APP + "/debian-packages.txt"), list);
        Files.writeString(work.resolve("debian-packages.txt"), list);
        System.out.println(ImageBuild.LOG + "Debian packages: " + String.join(", ", versions.stream()
                .map(v -> v.substring(0, v.lastIndexOf(' '))).toList()));
        return Optional.empty();
    }

    /** The libraries a native file loads, as ldd finds them on this machine (the interpreter included). */
    private static List<String> ldd(Path file) throws IOException, InterruptedException {
        List<String> libraries = new ArrayList<>();
        for (String line : Command.run("ldd", file.toString()).split("\n")) {
            Matcher m = LDD_LINE.matcher(line);
            if (m.matches() && !line.contains("linux-vdso")) {
                libraries.add(m.group(2) != null ? m.group(2) : m.group(1));
            } else if (line.contains("not found") && !line.contains("libjvm.so")) {
                throw new IllegalStateException("ldd " + file + ": " + line.trim());
            }
        }
        return libraries;
    }

    /** The package that holds a library (dpkg -S), under /lib or /usr/lib: this machine may have merged them. */
    private String packageOf(String library) throws IOException, InterruptedException {
        String known = packageOfFile.get(library);
        if (known != null) {
            return known;
        }
        for (String candidate : List.of(library, library.startsWith("/usr/") ? library.substring(4) : "/usr" + library)) {
            String found = Command.runOrNull("dpkg", "-S", candidate);
            if (found != null) {
                String line = found.lines().filter(l -> l.contains(": /")).findFirst().orElseThrow();
                String name = line.substring(0, line.indexOf(": /")).replaceAll(":.*", "");
                packageOfFile.put(library, name);
                pathInPackage.put(library, candidate);
                return name;
            }
        }
        throw new IllegalStateException("no Debian package holds " + library + " (dpkg -S)");
    }

    /** Where the package puts the library ldd found (the image follows the package, not this machine). */
    private String packagePath(String library) {
        return pathInPackage.getOrDefault(library, library);
    }

    private Optional<Path> download(String name) throws IOException, InterruptedException {
        String uris = Command.runOrNull("apt-get", "download", "--print-uris", name);
        Matcher m = uris == null ? null : URI_LINE.matcher(uris.trim());
        if (m == null || !m.matches()) {
            return Optional.empty();
        }
        Path deb = cache.resolve(m.group(1));
        if (!Files.exists(deb) || !sha256(deb).equals(m.group(2))) {
            if (Command.runIn(cache, "apt-get", "download", "-q", name) == null || !Files.exists(deb)
                    || !sha256(deb).equals(m.group(2))) {
                return Optional.empty();
            }
        }
        return Optional.of(deb);
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
