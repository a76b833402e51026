package io.bankssandbox.internal.standalone.image;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.stream.Stream;

/**
 * Files taken out of an unpacked Debian package ({@code dpkg-deb -x}) into the image's tree. Jib
 * layers hold no symbolic links, so each file is copied as what its links name inside the package
 * (never this machine's file of that name).
 */
final class PackageTree {
    private PackageTree() {}

    /** One file of the package, at the same path in the image. */
    static void copy(Path unpacked, String path, ImageRoot root) throws IOException {
        Path target = root.file(path);
        Files.createDirectories(target.getParent());
        Files.copy(resolve(unpacked, unpacked.resolve(path.substring(1))), target);
        target.toFile().setExecutable(true, false);
    }

    /** tzdata's zones (not its right/ and posix/ copies, which only leap-second-aware programs read). */
    static void zoneinfo(Path unpacked, ImageRoot root) throws IOException {
        Path zones = unpacked.resolve("usr/share/zoneinfo");
        try (Stream<Path> files = Files.walk(zones)) {
            for (Path file : files.filter(f -> !Files.isDirectory(f)).toList()) {
                String relative = zones.relativize(file).toString();
                if (relative.startsWith("right/") || relative.startsWith("posix/") || relative.equals("localtime")) {
                    // localtime names /etc/localtime, the machine's choice: without it, UTC
                    continue;
                }
                Path target = root.file("/usr/share/zoneinfo/" + relative);
                Files.createDirectories(target.getParent());
                Files.copy(resolve(unpacked, file), target);
            }
        }
    }

    /**
     * ca-certificates' CAs, as its update-ca-certificates would install them: one PEM bundle
     * ({@code /etc/ssl/certs/ca-certificates.crt}) and Java's trust store, so https webhooks trust what
     * Debian's recorded package trusts.
     */
    static void certificates(Path unpacked, ImageRoot root) throws IOException {
        Path mozilla = unpacked.resolve("usr/share/ca-certificates/mozilla");
        List<Path> certificates;
        try (Stream<Path> files = Files.list(mozilla)) {
            certificates = files.filter(f -> f.toString().endsWith(".crt")).sorted().toList();
        }
        StringBuilder bundle = new StringBuilder();
        try {
            KeyStore store = KeyStore.getInstance("JKS");
            store.load(null, null);
            CertificateFactory x509 = CertificateFactory.getInstance("X.509");
            for (Path file : certificates) {
                byte[] pem = Files.readAllBytes(file);
                bundle.append(new String(pem, java.nio.charset.StandardCharsets.US_ASCII).strip()).append('\n');
                try (InputStream in = new ByteArrayInputStream(pem)) {
                    X509Certificate certificate = (X509Certificate) x509.generateCertificate(in);
                    String alias = file.getFileName().toString().replaceAll("\\.crt$", "").toLowerCase(java.util.Locale.ROOT)
                            + " [debian:" + file.getFileName() + "]";
                    store.setCertificateEntry(alias, certificate);
                }
            }
            Path cacerts = root.file(ImageRoot.APP + "/runtime/lib/security/cacerts");
            Files.deleteIfExists(cacerts);
            try (OutputStream out = Files.newOutputStream(cacerts)) {
                store.store(out, "changeit".toCharArray()); // the JDK's own trust store password
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("ca-certificates: " + e.getMessage(), e);
        }
        Path pemBundle = root.file("/etc/ssl/certs/ca-certificates.crt");
        Files.createDirectories(pemBundle.getParent());
        Files.writeString(pemBundle, bundle);
    }

    /** Follows symbolic links inside the unpacked package: an absolute link names the package's root, not ours. */
    private static Path resolve(Path unpacked, Path file) throws IOException {
        Path current = file;
        for (int hops = 0; Files.isSymbolicLink(current); hops++) {
            if (hops > 16) {
                throw new IOException("too many symbolic links at " + file);
            }
            Path link = Files.readSymbolicLink(current);
            current = (link.isAbsolute() ? unpacked.resolve(link.toString().substring(1)) : current.resolveSibling(link)).normalize();
        }
        if (!current.startsWith(unpacked) || !Files.isRegularFile(current)) {
            throw new IOException(file + " names " + current + ", not a file of its package");
        }
        return current;
    }
}
