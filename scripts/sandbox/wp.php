<?php
// WordPress side of the sandbox, run by up.sh with PHP's CLI (no wp-cli in Debian):
//   php wp.php state     prints the seed marker as JSON ({} when WordPress is not installed or not seeded)
//   php wp.php install   installs WordPress (no e-mail), site settings, permalinks /%postname%/
//   php wp.php seed      creates the users, application passwords and the fixed content; prints the marker
//   php wp.php activate <plugin file>   activates a plugin (as WordPress's plugins screen does)
//   php wp.php calendar <calendar.json> finishes the calendar seed made through the plugin's REST routes
//                        (seed-calendar.ts): the password of the protected event, fixed dates; records
//                        the release and the ids in the marker
// Env: SANDBOX_WP_ROOT (the tree, default Debian's /usr/share/wordpress), SANDBOX_SITE_URL
// (http://127.0.0.1:8881), SANDBOX_SEED_VERSION (the marker up.sh expects).
// Every date of seeded content is fixed in 2025 (the future post: 2030) so recordings stay stable.

$mode = $argv[1] ?? '';
$siteUrl = rtrim(getenv('SANDBOX_SITE_URL') ?: 'http://127.0.0.1:8881', '/');
$seedVersion = (int) (getenv('SANDBOX_SEED_VERSION') ?: 1);
$setup = getenv('SANDBOX_SETUP') ?: 'standard';
if (!in_array($setup, ['standard', 'plain'], true)) { fwrite(STDERR, "wp.php: SANDBOX_SETUP must be standard or plain, got '$setup'\n"); exit(1); }
define('SANDBOX_PLAIN', $setup === 'plain');
const MARKER = 'festival_sandbox_seed';

// Debian's wp-config.php picks /etc/wordpress/config-<host>.php, else config-default.php.
$parts = parse_url($siteUrl);
$_SERVER['HTTP_HOST'] = $parts['host'] . (isset($parts['port']) ? ':' . $parts['port'] : '');
$_SERVER['SERVER_NAME'] = $parts['host'];
$_SERVER['SERVER_PORT'] = (string) ($parts['port'] ?? 80);
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';

function out($value): void { echo json_encode($value, JSON_UNESCAPED_SLASHES | JSON_PRETTY_PRINT), "\n"; }
function fail(string $message): void { fwrite(STDERR, "wp.php: $message\n"); exit(1); }
function must($value, string $what) {
    if (is_wp_error($value)) fail("$what: " . $value->get_error_code() . ' ' . $value->get_error_message());
    if (!$value) fail("$what failed");
    return $value;
}

if ($mode === 'install' || $mode === 'state') {
    define('WP_INSTALLING', true); // keeps wp-load from redirecting to the installer
}
if ($mode === 'install') {
    // Pluggable: no "new site" e-mail.
    function wp_new_blog_notification($blog_title, $blog_url, $user_id, $password) {}
}

require rtrim(getenv('SANDBOX_WP_ROOT') ?: '/usr/share/wordpress', '/') . '/wp-load.php';

switch ($mode) {
    case 'state':
        require_once ABSPATH . 'wp-admin/includes/upgrade.php';
        if (!is_blog_installed()) { out(new stdClass()); break; }
        $marker = get_option(MARKER);
        out($marker ? json_decode($marker, true) : new stdClass());
        break;
    case 'install':
        install_site($siteUrl);
        break;
    case 'seed':
        if (get_option(MARKER)) fail('already seeded (the database must be fresh to seed)');
        $marker = seed($siteUrl, $seedVersion);
        $marker['setup'] = $setup;
        $marker['setupDetails'] = SANDBOX_PLAIN
            ? ['menu' => false, 'permalinks' => 'plain', 'comments' => 'closed']
            : ['menu' => true, 'permalinks' => '/%postname%/', 'comments' => 'open'];
        update_option(MARKER, json_encode($marker, JSON_UNESCAPED_SLASHES), false);
        out($marker);
        break;
    case 'activate':
        require_once ABSPATH . 'wp-admin/includes/plugin.php';
        $admin = must(get_user_by('login', 'admin'), 'admin user');
        wp_set_current_user($admin->ID);
        $plugin = (string) ($argv[2] ?? '');
        if ($plugin === '' || !file_exists(WP_PLUGIN_DIR . '/' . $plugin)) fail("no plugin file '$plugin' in " . WP_PLUGIN_DIR);
        $result = activate_plugin($plugin);
        if (is_wp_error($result)) fail('activate ' . $plugin . ': ' . $result->get_error_code() . ' ' . $result->get_error_message());
        if (!is_plugin_active($plugin)) fail("$plugin did not become active");
        $data = get_plugin_data(WP_PLUGIN_DIR . '/' . $plugin, false, false);
        echo "activated $plugin ", $data['Version'] ?? '', "\n";
        break;
    case 'calendar':
        $file = (string) ($argv[2] ?? '');
        $seed = json_decode((string) @file_get_contents($file), true);
        if (!is_array($seed) || !isset($seed['release'], $seed['ids'])) fail("calendar: $file is not the JSON that seed-calendar.ts writes");
        $marker = json_decode((string) get_option(MARKER), true);
        if (!is_array($marker)) fail('calendar: the site is not seeded');
        foreach ($seed['passwords'] ?? [] as $id => $password) {
            must(wp_update_post(['ID' => (int) $id, 'post_password' => (string) $password], true), "password of event $id");
        }
        $marker['calendar'] = ['release' => $seed['release'], 'ids' => $seed['ids']];
        update_option(MARKER, json_encode($marker, JSON_UNESCAPED_SLASHES), false);
        wp_cache_flush();
        echo "calendar seed recorded: release {$seed['release']}\n";
        break;
    case 'addons':
        $list = trim((string) ($argv[2] ?? ''));
        $marker = json_decode((string) get_option(MARKER), true);
        if (!is_array($marker)) fail('addons: the site is not seeded');
        $marker['addons'] = seed_addons($list);
        update_option(MARKER, json_encode($marker, JSON_UNESCAPED_SLASHES), false);
        wp_cache_flush();
        echo 'add-ons seeded: ', json_encode($marker['addons']), "\n";
        break;
    default:
        fail('usage: php wp.php state|install|seed|activate <plugin>|calendar <file>|addons "<folder>-<release> ..."');
}

function install_site(string $siteUrl): void {
    require_once ABSPATH . 'wp-admin/includes/upgrade.php';
    if (is_blog_installed()) return;
    $adminPassword = wp_generate_password(24, false);
    $result = wp_install('Festival Sandbox', 'admin', 'admin@example.test', true, '', $adminPassword, 'en_US');
    must($result['user_id'] ?? 0, 'wp_install');
    update_option('siteurl', $siteUrl);
    update_option('home', $siteUrl);
    update_option('blogdescription', 'A local WordPress for contract tests');
    update_option('timezone_string', 'UTC');
    update_option('gmt_offset', 0);
    update_option('sandbox_admin_password', $adminPassword, false);
    // The same theme on every release (6.8+ default to twentytwentyfive), so answers are comparable.
    if (wp_get_theme('twentytwentythree')->exists()) switch_theme('twentytwentythree');
    global $wp_rewrite;
    $wp_rewrite->set_permalink_structure(SANDBOX_PLAIN ? '' : '/%postname%/'); // plain: ?p=<id>, REST at ?rest_route=
    delete_option('rewrite_rules');
    if (SANDBOX_PLAIN) {
        // Comments closed for new content, as the Discussion settings do it.
        update_option('default_comment_status', 'closed');
        update_option('default_ping_status', 'closed');
    }
    echo "installed WordPress ", get_bloginfo('version'), " at $siteUrl\n";
}

/** Set fixed dates on a post (and its modified time), bypassing wp_insert_post's "now". */
function fix_dates(int $id, string $date, ?string $modified = null, bool $keepFloatingGmt = false): void {
    global $wpdb;
    $modified = $modified ?? $date;
    $wpdb->update($wpdb->posts, [
        'post_date' => $date,
        'post_date_gmt' => $keepFloatingGmt ? '0000-00-00 00:00:00' : $date, // site time is UTC
        'post_modified' => $modified,
        'post_modified_gmt' => $modified,
    ], ['ID' => $id]);
    clean_post_cache($id);
}

function seed(string $siteUrl, int $seedVersion): array {
    global $wpdb;
    require_once ABSPATH . 'wp-admin/includes/post.php';
    require_once ABSPATH . 'wp-admin/includes/file.php';
    require_once ABSPATH . 'wp-admin/includes/media.php';
    require_once ABSPATH . 'wp-admin/includes/image.php';
    require_once ABSPATH . 'wp-admin/includes/nav-menu.php';

    $admin = must(get_user_by('login', 'admin'), 'admin user');
    wp_set_current_user($admin->ID);
    $wpdb->update($wpdb->users, ['user_registered' => '2025-01-01 09:00:00', 'display_name' => 'Festival Admin'], ['ID' => $admin->ID]);
    update_user_meta($admin->ID, 'first_name', 'Festival');
    update_user_meta($admin->ID, 'last_name', 'Admin');
    update_user_meta($admin->ID, 'nickname', 'Festival Admin');
    update_user_meta($admin->ID, 'description', 'Runs the festival website.');
    clean_user_cache($admin->ID);

    // The default content (Hello world!, Sample Page, privacy page) carries today's date: remove it.
    foreach (get_posts(['post_type' => ['post', 'page'], 'post_status' => 'any', 'numberposts' => -1]) as $p) {
        wp_delete_post($p->ID, true);
    }
    update_option('wp_page_for_privacy_policy', 0);

    $readerPassword = wp_generate_password(24, false);
    $readerId = must(wp_insert_user([
        'user_login' => 'reader',
        'user_pass' => $readerPassword,
        'user_email' => 'reader@example.test',
        'display_name' => 'Festival Reader',
        'first_name' => 'Festival',
        'last_name' => 'Reader',
        'role' => 'subscriber',
        'user_registered' => '2025-01-02 09:00:00',
    ]), 'reader user');

    [$adminApp] = must(WP_Application_Passwords::create_new_application_password($admin->ID, ['name' => 'sandbox']), 'admin application password');
    [$readerApp] = must(WP_Application_Passwords::create_new_application_password($readerId, ['name' => 'sandbox']), 'reader application password');

    // Taxonomies.
    $term = function (string $taxonomy, string $name, string $slug, string $description, int $parent = 0): int {
        $t = must(wp_insert_term($name, $taxonomy, ['slug' => $slug, 'description' => $description, 'parent' => $parent]), "term $slug");
        return (int) $t['term_id'];
    };
    $cat = [];
    $cat['news'] = $term('category', 'News', 'news', 'Announcements from the festival office.');
    $cat['music'] = $term('category', 'Music', 'music', 'Concerts and sessions.');
    $cat['jazz'] = $term('category', 'Jazz', 'jazz', 'Jazz on every stage.', $cat['music']);
    $cat['film'] = $term('category', 'Film', 'film', 'Screenings and premieres.');
    $cat['theatre'] = $term('category', 'Theatre', 'theatre', 'Plays and street theatre.');
    $tag = [];
    foreach (['outdoor' => 'Outdoor', 'family' => 'Family', 'free' => 'Free', 'late-night' => 'Late night', 'premiere' => 'Premiere'] as $slug => $name) {
        $tag[$slug] = $term('post_tag', $name, $slug, "$name events.");
    }

    $insert = function (array $args) use ($admin): int {
        $args += ['post_type' => 'post', 'post_status' => 'publish', 'post_author' => $admin->ID, 'comment_status' => SANDBOX_PLAIN ? 'closed' : 'open', 'ping_status' => 'closed'];
        $args['post_date_gmt'] = $args['post_date_gmt'] ?? $args['post_date'];
        return (int) must(wp_insert_post(wp_slash($args), true), 'post ' . ($args['post_name'] ?? $args['post_title']));
    };
    $para = fn (string ...$lines) => implode("\n\n", array_map(fn ($l) => "<!-- wp:paragraph -->\n<p>$l</p>\n<!-- /wp:paragraph -->", $lines));

    // Published posts: one a week from 2025-01-06, 10:00 UTC.
    $published = [
        ['festival-2025-announced', 'Festival 2025 announced', ['news'], ['premiere'], 'Ten days of music, film and theatre in the old town.'],
        ['jazz-on-the-river-stage', 'Jazz on the river stage', ['jazz'], ['outdoor', 'late-night'], 'Five bands on a floating stage.'],
        ['opening-night-film', 'Opening night film: The Lighthouse Keeper', ['film'], ['premiere'], 'A world premiere opens the cinema programme.'],
        ['family-day-in-the-park', 'Family day in the park', ['news'], ['family', 'free', 'outdoor'], 'Workshops, puppets and picnics.'],
        ['theatre-programme-revealed', 'Theatre programme revealed', ['theatre'], [], 'Twelve plays in four venues.'],
        ['late-night-jazz-sessions', 'Late-night jazz sessions', ['jazz', 'music'], ['late-night'], 'Jam sessions until two in the morning.'],
        ['short-film-competition-winners', 'Short film competition winners', ['film'], ['free'], 'The jury has chosen.'],
        ['street-theatre-on-the-square', 'Street theatre on the square', ['theatre'], ['outdoor', 'free'], 'Every afternoon at four.'],
        ['volunteer-with-us', 'Volunteer with us', ['news'], ['family'], 'We need two hundred helpers.'],
        ['brass-band-parade', 'Brass band parade', ['music'], ['outdoor', 'family'], 'From the station to the harbour.'],
        ['silent-cinema-with-live-piano', 'Silent cinema with live piano', ['film', 'music'], ['late-night'], 'Classics with a live score.'],
        ['ticket-sales-open', 'Ticket sales open', ['news'], [], 'Passes and day tickets are on sale.'],
    ];
    $posts = [];
    foreach ($published as $i => [$slug, $title, $cats, $tags, $excerpt]) {
        $date = date('Y-m-d H:i:s', strtotime('2025-01-06 10:00:00 UTC') + $i * 7 * 86400);
        $posts[$slug] = $insert([
            'post_name' => $slug,
            'post_title' => $title,
            'post_excerpt' => $excerpt,
            'post_content' => $para($excerpt, "More about <strong>$title</strong> soon."),
            'post_date' => $date,
            'post_category' => array_map(fn ($c) => $cat[$c], $cats),
            'tags_input' => array_map(fn ($t) => $tag[$t], $tags),
        ]);
    }
    $sticky = $posts['festival-2025-announced'];
    stick_post($sticky);

    $protected = $insert([
        'post_name' => 'backstage-notes', 'post_title' => 'Backstage notes for artists',
        'post_content' => $para('Load-in times and the green room code.'), 'post_excerpt' => 'For artists only.',
        'post_password' => 'festival', 'post_date' => '2025-04-07 10:00:00',
        'post_category' => [$cat['news']], 'tags_input' => [],
    ]);
    $draft = $insert([
        'post_name' => 'closing-ceremony-line-up', 'post_title' => 'Closing ceremony line-up',
        'post_content' => $para('To be confirmed.'), 'post_status' => 'draft', 'post_date' => '2025-06-02 10:00:00',
        'post_category' => [$cat['news']], 'tags_input' => [$tag['premiere']],
    ]);
    $future = $insert([
        'post_name' => 'festival-2030-preview', 'post_title' => 'Festival 2030 preview',
        'post_content' => $para('The 2030 edition, announced ahead of time.'), 'post_status' => 'future',
        'post_date' => '2030-06-01 10:00:00', 'post_category' => [$cat['news']], 'tags_input' => [$tag['premiere']],
    ]);

    // Pages: Festival > Venues, Tickets; Contact.
    $page = fn (string $slug, string $title, int $order, int $parent, string $date) => $insert([
        'post_type' => 'page', 'post_name' => $slug, 'post_title' => $title, 'post_content' => $para("$title of the festival."),
        'menu_order' => $order, 'post_parent' => $parent, 'post_date' => $date, 'comment_status' => 'closed',
    ]);
    $pages = [];
    $pages['festival'] = $page('festival', 'Festival', 1, 0, '2025-01-03 09:00:00');
    $pages['venues'] = $page('venues', 'Venues', 1, $pages['festival'], '2025-01-03 09:10:00');
    $pages['tickets'] = $page('tickets', 'Tickets', 2, $pages['festival'], '2025-01-03 09:20:00');
    $pages['contact'] = $page('contact', 'Contact', 3, 0, '2025-01-03 09:30:00');

    // Media: a PNG drawn with GD, uploaded through WordPress so it gets its sizes and metadata.
    $uploads = wp_upload_dir('2025/01', true, false);
    foreach (glob($uploads['path'] . '/festival-poster*') ?: [] as $old) unlink($old); // left by an earlier sandbox
    $tmp = wp_tempnam('festival-poster.png');
    $img = imagecreatetruecolor(1200, 750);
    imagefill($img, 0, 0, imagecolorallocate($img, 24, 32, 72));
    imagefilledrectangle($img, 80, 80, 1120, 670, imagecolorallocate($img, 240, 180, 40));
    imagefilledellipse($img, 600, 375, 420, 420, imagecolorallocate($img, 200, 40, 80));
    imagestring($img, 5, 100, 100, 'FESTIVAL 2025', imagecolorallocate($img, 24, 32, 72));
    imagepng($img, $tmp);
    imagedestroy($img);
    $media = (int) must(media_handle_sideload(
        ['name' => 'festival-poster.png', 'tmp_name' => $tmp],
        $sticky, // the parent post's date (2025-01) picks the uploads folder
        'Festival poster',
        ['post_date' => '2025-01-06 09:00:00', 'post_date_gmt' => '2025-01-06 09:00:00', 'post_excerpt' => 'The 2025 poster.', 'post_content' => 'Poster of the 2025 edition.']
    ), 'media upload');
    update_post_meta($media, '_wp_attachment_image_alt', 'Festival 2025 poster');
    set_post_thumbnail($sticky, $media);

    // A comment on the sticky post.
    $comment = (int) must(wp_insert_comment([
        'comment_post_ID' => $sticky, 'comment_author' => 'Festival Fan', 'comment_author_email' => 'fan@example.test',
        'comment_author_url' => '', 'comment_content' => 'Cannot wait!', 'comment_approved' => 1,
        'comment_date' => '2025-01-07 12:00:00', 'comment_date_gmt' => '2025-01-07 12:00:00', 'comment_type' => 'comment',
    ]), 'comment');

    // Revisions: update a post twice.
    $revised = $posts['ticket-sales-open'];
    wp_save_post_revision($revised); // keep the original text as the first revision
    foreach (['Passes, day tickets and family tickets are on sale.', 'Passes, day tickets and family tickets are on sale. Students pay half.'] as $text) {
        must(wp_update_post(wp_slash(['ID' => $revised, 'post_content' => $para($text)]), true), 'revise post');
    }
    // Autosave: the admin's unsaved edit of a published post.
    $autosaved = $posts['theatre-programme-revealed'];
    $autosave = (int) must(wp_create_post_autosave([
        'post_ID' => $autosaved, 'post_type' => 'post', 'post_title' => 'Theatre programme revealed (edited)',
        'content' => $para('Twelve plays in four venues, plus a children\'s matinee.'), 'excerpt' => 'Twelve plays in four venues.',
    ]), 'autosave');

    // Menu with nested items (none on a plain site).
    $menu = null;
    $menuItems = [];
    if (!SANDBOX_PLAIN) {
        $menu = (int) must(wp_create_nav_menu('Main menu'), 'menu');
        $item = fn (array $args) => (int) must(wp_update_nav_menu_item($menu, 0, $args + ['menu-item-status' => 'publish']), 'menu item');
        $menuItems[] = $item(['menu-item-title' => 'Home', 'menu-item-type' => 'custom', 'menu-item-url' => $siteUrl . '/', 'menu-item-position' => 1]);
        $menuItems[] = $festivalItem = $item(['menu-item-object' => 'page', 'menu-item-object-id' => $pages['festival'], 'menu-item-type' => 'post_type', 'menu-item-position' => 2]);
        $menuItems[] = $item(['menu-item-object' => 'page', 'menu-item-object-id' => $pages['tickets'], 'menu-item-type' => 'post_type', 'menu-item-parent-id' => $festivalItem, 'menu-item-position' => 3]);
        $menuItems[] = $item(['menu-item-object' => 'category', 'menu-item-object-id' => $cat['music'], 'menu-item-type' => 'taxonomy', 'menu-item-position' => 4]);
        $menuItems[] = $item(['menu-item-object' => 'post', 'menu-item-object-id' => $sticky, 'menu-item-type' => 'post_type', 'menu-item-title' => 'News', 'menu-item-position' => 5]);
    }

    // Fix every date wp_insert_post / wp_update_post set to "now".
    foreach ($posts as $slug => $id) fix_dates($id, get_post($id)->post_date);
    fix_dates($protected, '2025-04-07 10:00:00');
    fix_dates($draft, '2025-06-02 10:00:00');
    fix_dates($future, '2030-06-01 10:00:00', '2025-06-03 10:00:00');
    foreach ($pages as $id) fix_dates($id, get_post($id)->post_date);
    fix_dates($media, '2025-01-06 09:00:00');
    $revisions = array_values(array_map(fn ($r) => $r->ID, wp_get_post_revisions($revised, ['order' => 'ASC', 'orderby' => 'ID', 'check_enabled' => false])));
    $revisions = array_values(array_filter($revisions, fn ($id) => !wp_is_post_autosave($id)));
    $revisedDate = get_post($revised)->post_date;
    foreach ($revisions as $n => $id) fix_dates($id, $n === 0 ? $revisedDate : sprintf('2025-05-%02d 10:00:00', $n));
    fix_dates($revised, $revisedDate, $revisions ? get_post(end($revisions))->post_date : $revisedDate);
    fix_dates($autosave, '2025-05-10 10:00:00');
    foreach ($menuItems as $n => $id) fix_dates($id, sprintf('2025-01-04 09:%02d:00', $n));
    wp_cache_flush();

    return [
        'version' => $seedVersion,
        'wordpress' => get_bloginfo('version'),
        'adminPassword' => get_option('sandbox_admin_password'),
        'adminAppPassword' => $adminApp,
        'readerPassword' => $readerPassword,
        'readerAppPassword' => $readerApp,
        'ids' => [
            'users' => ['admin' => $admin->ID, 'reader' => $readerId],
            'categories' => $cat,
            'tags' => $tag,
            'posts' => array_values($posts),
            'postsBySlug' => $posts,
            'stickyPost' => $sticky,
            'draftPost' => $draft,
            'protectedPost' => $protected,
            'futurePost' => $future,
            'revisedPost' => $revised,
            'revisions' => $revisions,
            'autosavedPost' => $autosaved,
            'autosave' => $autosave,
            'pages' => $pages,
            'parentPage' => $pages['festival'],
            'childPage' => $pages['venues'],
            'media' => $media,
            'comment' => $comment,
            'menu' => $menu,
            'menuItems' => $menuItems,
        ],
    ];
}

/**
 * The add-ons' seed: for Forminator a published form, poll and quiz made through its PHP API
 * (Forminator_API), with fixed dates. Returns what the marker records: the list up.sh asked for, the
 * releases by plugin folder, and the modules' ids.
 */
function seed_addons(string $list): array {
    require_once ABSPATH . 'wp-admin/includes/plugin.php';
    $admin = must(get_user_by('login', 'admin'), 'admin user');
    wp_set_current_user($admin->ID);
    $releases = [];
    $ids = [];
    foreach (preg_split('/\s+/', $list, -1, PREG_SPLIT_NO_EMPTY) as $addon) {
        if (!preg_match('/^([a-z0-9-]+)-(\d[0-9.]*)$/', $addon, $m)) fail("addons: '$addon' is not <folder>-<release>");
        $plugin = "{$m[1]}/{$m[1]}.php";
        if (!is_plugin_active($plugin)) fail("addons: $plugin is not active");
        $data = get_plugin_data(WP_PLUGIN_DIR . '/' . $plugin, false, false);
        if (($data['Version'] ?? '') !== $m[2]) fail("addons: $plugin is release " . ($data['Version'] ?? '?') . ", not {$m[2]}");
        $releases[$m[1]] = $m[2];
    }
    if (isset($releases['forminator'])) {
        if (!class_exists('Forminator_API')) fail('addons: Forminator is active but Forminator_API is not loaded');
        $form = must(Forminator_API::add_form('Festival contact', [[
            'wrapper_id' => 'wrapper-1111-1111',
            'fields' => [
                ['element_id' => 'name-1', 'type' => 'name', 'cols' => '12', 'field_label' => 'Your name', 'required' => 'true'],
            ],
        ], [
            'wrapper_id' => 'wrapper-2222-2222',
            'fields' => [
                ['element_id' => 'email-1', 'type' => 'email', 'cols' => '12', 'field_label' => 'E-mail address', 'required' => 'true'],
            ],
        ]], ['formName' => 'Festival contact']), 'Forminator form');
        $poll = must(Forminator_API::add_poll('Favourite stage', [
            ['element_id' => 'answer-1', 'title' => 'River stage'],
            ['element_id' => 'answer-2', 'title' => 'Park stage'],
        ], ['formName' => 'Favourite stage', 'poll-question' => 'Which stage did you like best?']), 'Forminator poll');
        $quiz = must(Forminator_API::add_quiz('Festival trivia', 'knowledge', [[
            'slug' => 'question-1-1111', 'title' => 'In which year was the first festival?', 'type' => 'knowledge',
            'answers' => [['title' => '1985', 'toggle' => true], ['title' => '1995', 'toggle' => false]],
        ]], [], ['formName' => 'Festival trivia']), 'Forminator quiz');
        $ids = ['form' => (int) $form, 'poll' => (int) $poll, 'quiz' => (int) $quiz];
        foreach (array_values($ids) as $n => $id) fix_dates($id, sprintf('2025-01-05 09:%02d:00', $n));
    }
    return ['list' => $list, 'releases' => $releases, 'ids' => $ids ?: null];
}
