<?php
// Router for PHP's built-in server in front of Debian's WordPress (docroot /usr/share/wordpress).
// - real files under the docroot are served as they are (PHP files run);
// - /wp-content/... is served from the site's content folder (SANDBOX_CONTENT_DIR; Debian's 6.1 moved it to
//   /var/lib/wordpress/wp-content), and no PHP runs there;
// - everything else goes to index.php, so pretty permalinks and /wp-json/... (dots included) work.
$docroot = rtrim($_SERVER['DOCUMENT_ROOT'], '/');
$path = rawurldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');
if (str_contains($path, "\0") || preg_match('#(^|/)\.\.(/|$)#', $path)) {
    http_response_code(400);
    return true;
}

if (str_starts_with($path, '/wp-content/')) {
    $base = rtrim(getenv('SANDBOX_CONTENT_DIR') ?: '/var/lib/wordpress/wp-content', '/');
    $file = realpath($base . substr($path, strlen('/wp-content')));
    $types = [
        'css' => 'text/css', 'js' => 'application/javascript', 'json' => 'application/json',
        'png' => 'image/png', 'jpg' => 'image/jpeg', 'jpeg' => 'image/jpeg', 'gif' => 'image/gif',
        'webp' => 'image/webp', 'svg' => 'image/svg+xml', 'ico' => 'image/x-icon', 'txt' => 'text/plain',
        'woff' => 'font/woff', 'woff2' => 'font/woff2', 'ttf' => 'font/ttf', 'pdf' => 'application/pdf',
        'mp3' => 'audio/mpeg', 'mp4' => 'video/mp4', 'html' => 'text/html',
    ];
    $ext = strtolower(pathinfo($path, PATHINFO_EXTENSION));
    // Symlinks (Debian links plugins into /usr/share/wordpress) are fine; PHP never runs from here.
    if ($file !== false && is_file($file) && $ext !== 'php') {
        header('Content-Type: ' . ($types[$ext] ?? (function_exists('mime_content_type') ? mime_content_type($file) : 'application/octet-stream')));
        header('Content-Length: ' . filesize($file));
        header('Last-Modified: ' . gmdate('D, d M Y H:i:s', filemtime($file)) . ' GMT');
        if ($_SERVER['REQUEST_METHOD'] !== 'HEAD') readfile($file);
        return true;
    }
    http_response_code(404);
    header('Content-Type: text/plain');
    echo "Not found\n";
    return true;
}

$file = $docroot . $path;
if ($path !== '/' && (is_file($file) || (is_dir($file) && is_file(rtrim($file, '/') . '/index.php')))) {
    return false; // the built-in server serves it (and runs .php files)
}

// Front controller.
chdir($docroot);
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $docroot . '/index.php';
require $docroot . '/index.php';
